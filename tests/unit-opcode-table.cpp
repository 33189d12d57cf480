// Opcode tables: what the library derives at compile time, and what it rejects.
#include "compact_adapter.hpp"
#include "semantic_adapter.hpp"

#include <doctest/doctest.h>

#include <string_view>
#include <vector>

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

namespace {
// An instruction set whose effects depend on the argument and on the edge in ways the
// semantic ops' defaults do not: this LOAD_GLOBAL pushes a NULL first when the argument's
// low bit is set (CPython 3.11's, written without declaring the bit as a flag, see
// unit-inline-caches.cpp), and this FOR_ITER leaves the exhausted iterator on the stack.
constexpr stack_effect load_global_effect(std::int64_t arg, bool) { return {0, 1 + static_cast<int>(arg & 1)}; }

struct effect_rules_adapter {
    using value = lasso_test::constant;
    enum number : std::uint8_t {
        POP_TOP = 1,
        LOAD_GLOBAL = 2,
        GET_ITER = 3,
        FOR_ITER = 4,
        JUMP = 5,
        LOAD_CONST = 6,
        RETURN = 7
    };
    static constexpr std::array opcodes{
        opcode_info{"POP_TOP", POP_TOP, op::pop_top},
        opcode_info{"LOAD_GLOBAL", LOAD_GLOBAL, op::load_global, arg_kind::immediate, jump_kind::none,
                    stack_computed(load_global_effect)},
        opcode_info{"GET_ITER", GET_ITER, op::get_iter},
        opcode_info{"FOR_ITER", FOR_ITER, op::for_iter, arg_kind::jump, jump_kind::absolute,
                    stack_branching({1, 2}, {0, 0})},
        opcode_info{"JUMP", JUMP, op::jump, arg_kind::jump, jump_kind::absolute},
        opcode_info{"LOAD_CONST", LOAD_CONST, op::load_const, arg_kind::constant},
        opcode_info{"RETURN", RETURN, op::return_value},
    };
    static constexpr encoding bytecode_encoding{encoding_kind::fixed_width, -1, 2};
};
} // namespace

TEST_CASE("stack effects computed from the argument and different on the jump edge") {
    using traits = opcode_traits<effect_rules_adapter>;
    using A = effect_rules_adapter;
    static_assert(traits::check.ok());
    static_assert(traits::effect(A::LOAD_GLOBAL, 0, false) == stack_effect{0, 1});
    static_assert(traits::effect(A::LOAD_GLOBAL, 1, false) == stack_effect{0, 2});
    static_assert(traits::effect(A::LOAD_GLOBAL, 7, true) == stack_effect{0, 2});
    static_assert(traits::effect(A::FOR_ITER, 0, false) == stack_effect{1, 2});
    static_assert(traits::effect(A::FOR_ITER, 0, true) == stack_effect{0, 0});
    // The semantic op's default is not what the table says.
    static_assert(default_stack_effect(op::for_iter, 0, true) == stack_effect{1, 0});

    // for x in g: pass, after pushing and popping NULL + global; the exhausted iterator
    // is still on the stack after the loop.
    code_fields<lasso_test::constant> f;
    f.constants = {lasso_test::none_t{}};
    f.bytecode = {
        // clang-format off
        A::LOAD_GLOBAL, 1, // 0: NULL, g
        A::POP_TOP, 0,     // 1
        A::POP_TOP, 0,     // 2
        A::LOAD_GLOBAL, 0, // 3: g
        A::GET_ITER, 0,    // 4
        A::FOR_ITER, 8,    // 5: to 8 when exhausted
        A::POP_TOP, 0,     // 6
        A::JUMP, 5,        // 7
        A::POP_TOP, 0,     // 8: the iterator
        A::LOAD_CONST, 0,  // 9
        A::RETURN, 0,      // 10
        // clang-format on
    };
    const auto depths = analyze_stack<A>(decode<A>(f));
    CHECK(depths.before == std::vector<int>{0, 2, 1, 0, 1, 1, 2, 1, 1, 0, 1});
    CHECK(depths.max_depth == 2);
}

namespace {
// Handlers for the dispatch-table test with an opcode of its own: 0x31 (KWNAMES) gets
// its own handler, every other opcode its semantic op's.
struct opcode_handlers {
    static int unknown(int) { return -1; }
    template <op O> static int handle(int) { return static_cast<int>(O); }
    template <std::uint16_t Number> static constexpr bool has_opcode_handler = Number == compact_adapter::KWNAMES;
    template <std::uint16_t Number> static int handle_opcode(int) { return 1000 + Number; }
};
} // namespace

TEST_CASE("dispatch table maps an opcode to its own handler where the handlers have one") {
    constexpr auto table = opcode_traits<compact_adapter>::dispatch_table<opcode_handlers>();
    CHECK(table[compact_adapter::KWNAMES](0) == 1000 + compact_adapter::KWNAMES);
    CHECK(table[compact_adapter::CALL](0) == static_cast<int>(op::call));
    CHECK(table[compact_adapter::GOTO](0) == static_cast<int>(op::jump));
    CHECK(table[0x99](0) == -1);
}
