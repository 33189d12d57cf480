// Opcode tables: what the library derives at compile time, and what it rejects.
#include "compact_adapter.hpp"
#include "semantic_adapter.hpp"

#include <doctest/doctest.h>

#include <string_view>

using namespace lasso::bytecode;
using lasso_test::compact_adapter;
using lasso_test::semantic_adapter;

TEST_CASE("derived tables of the semantic adapter") {
    using traits = opcode_traits<semantic_adapter>;
    static_assert(traits::check.ok());
    CHECK(traits::name(semantic_adapter::num(op::load_fast)) == "load_fast");
    CHECK(traits::semantic(semantic_adapter::backward(op::jump)) == op::jump);
    CHECK(traits::is_jump(semantic_adapter::num(op::for_iter)));
    CHECK_FALSE(traits::is_jump(semantic_adapter::num(op::call)));
    CHECK(traits::has_argument(semantic_adapter::num(op::call)));
    CHECK_FALSE(traits::has_argument(semantic_adapter::num(op::pop_top)));
    CHECK(traits::is_extended_arg(semantic_adapter::num(op::extended_arg)));
    CHECK_FALSE(traits::is_valid(0));
    CHECK_FALSE(traits::is_valid(199));
    CHECK(traits::name(199) == "<unknown>");
    CHECK(traits::find(op::jump, jump_kind::relative_backward) == semantic_adapter::backward(op::jump));
    CHECK(traits::find(op::jump, jump_kind::relative_forward) == semantic_adapter::num(op::jump));
    CHECK(traits::effect(semantic_adapter::num(op::custom), 0, false) == stack_effect{2, 4});
}

TEST_CASE("derived tables of the compact adapter") {
    using traits = opcode_traits<compact_adapter>;
    static_assert(traits::check.ok());
    static_assert(traits::number_bound == 0xff);
    CHECK(traits::name(compact_adapter::LDL) == "LDL");
    CHECK(traits::semantic(compact_adapter::GOTO) == op::jump);
    CHECK(traits::info(compact_adapter::GOTO).jump == jump_kind::absolute);
    CHECK(traits::find(op::pop_jump_if_false, jump_kind::relative_backward) == compact_adapter::IFNOT_BACK);
    CHECK_FALSE(traits::find(op::build_slice).has_value());
    CHECK(traits::effect(compact_adapter::SQUARE, 0, false) == stack_effect{1, 1});
    CHECK(traits::effect(compact_adapter::CALL, 2, false) == stack_effect{4, 1});
}

namespace {
// Handlers for the dispatch-table test: each records which semantic op it was built for.
struct recording_handlers {
    static int unknown(int) { return -1; }
    template <op O> static int handle(int) { return static_cast<int>(O); }
};
} // namespace

TEST_CASE("dispatch table maps every opcode number to its semantic handler") {
    constexpr auto table = opcode_traits<compact_adapter>::dispatch_table<recording_handlers>();
    for (const auto& info : compact_adapter::opcodes) CHECK(table[info.number](0) == static_cast<int>(info.semantic));
    CHECK(table[0x00](0) == -1);
    CHECK(table[0x99](0) == -1);
    constexpr auto semantic_table = opcode_traits<semantic_adapter>::dispatch_table<recording_handlers>();
    CHECK(semantic_table[semantic_adapter::backward(op::for_iter)](0) == static_cast<int>(op::for_iter));
}

namespace {
constexpr std::array good_table{
    opcode_info{"A", 1, op::nop},
    opcode_info{"B", 2, op::jump, arg_kind::jump, jump_kind::absolute},
};
constexpr std::array duplicate_table{
    opcode_info{"A", 1, op::nop},
    opcode_info{"B", 1, op::pop_top},
};
constexpr std::array jump_without_kind{
    opcode_info{"A", 1, op::nop},
    opcode_info{"J", 2, op::pop_jump_if_true, arg_kind::jump},
};
constexpr std::array kind_on_non_jump{
    opcode_info{"X", 3, op::pop_top, arg_kind::none, jump_kind::absolute},
};
constexpr std::array custom_without_effect{
    opcode_info{"A", 1, op::nop},
    opcode_info{"B", 2, op::nop},
    opcode_info{"C", 3, op::custom},
};
constexpr std::array too_large{
    opcode_info{"BIG", 256, op::nop},
};
constexpr std::array unnamed{
    opcode_info{"", 1, op::nop},
};
constexpr std::array width_mismatch{
    opcode_info{"L", 1, op::load_fast, arg_kind::local, jump_kind::none, {}, 0},
};
} // namespace

TEST_CASE("check_opcode_table names the problem and the opcode") {
    static_assert(check_opcode_table(good_table).ok());
    constexpr auto dup = check_opcode_table(duplicate_table);
    static_assert(dup.problem == opcode_table_problem::duplicate_number && dup.index == 1);
    constexpr auto jump = check_opcode_table(jump_without_kind);
    static_assert(jump.problem == opcode_table_problem::jump_without_target_kind && jump.index == 1);
    static_assert(check_opcode_table(kind_on_non_jump).problem == opcode_table_problem::target_kind_without_jump);
    constexpr auto custom = check_opcode_table(custom_without_effect);
    static_assert(custom.problem == opcode_table_problem::missing_stack_effect && custom.index == 2);
    static_assert(check_opcode_table(too_large).problem == opcode_table_problem::number_too_large);
    static_assert(check_opcode_table(unnamed).problem == opcode_table_problem::empty_name);
    // Width 0 on an opcode with an argument is fine for fixed width, wrong for variable width.
    static_assert(check_opcode_table(width_mismatch).ok());
    static_assert(check_opcode_table(width_mismatch, encoding{encoding_kind::variable_width, -1, 1}).problem ==
                  opcode_table_problem::bad_argument_width);
    CHECK(dup.index == 1); // the static_asserts above are the test; keep doctest aware of it
}

TEST_CASE("default argument kinds follow the vocabulary") {
    CHECK(default_arg_kind(op::load_fast) == arg_kind::local);
    CHECK(default_arg_kind(op::load_deref) == arg_kind::cell);
    CHECK(default_arg_kind(op::load_attr) == arg_kind::name);
    CHECK(default_arg_kind(op::load_const) == arg_kind::constant);
    CHECK(default_arg_kind(op::call) == arg_kind::immediate);
    CHECK(default_arg_kind(op::for_iter) == arg_kind::jump);
    CHECK(default_arg_kind(op::pop_top) == arg_kind::none);
}
