// The semantic vocabulary: names and the default stack effects, which must agree with
// what CPython 3.11's dis.stack_effect reports for the corresponding instructions
// (CALL differs on purpose: our `call` includes CPython 3.11's PRECALL).
#include <lasso/lasso.hpp>

#include <doctest/doctest.h>

using lasso::bytecode::default_stack_effect;
using lasso::bytecode::op;

namespace {
int net(op o, std::int64_t arg = 0, bool jump = false) { return default_stack_effect(o, arg, jump).net(); }
} // namespace

TEST_CASE("semantic op names") {
    CHECK(lasso::bytecode::name_of(op::load_fast) == "load_fast");
    CHECK(lasso::bytecode::name_of(op::with_except_start) == "with_except_start");
    CHECK(lasso::bytecode::name_of(op::custom) == "custom");
    CHECK(lasso::bytecode::name_of(static_cast<op>(250)) == "<invalid op>");
    CHECK(lasso::bytecode::semantic_op_count == static_cast<std::size_t>(op::custom) + 1);
}

TEST_CASE("default stack effects match CPython 3.11") {
    // Values from python3.11 -c "import dis; dis.stack_effect(...)".
    CHECK(net(op::binary_op, 0) == -1);
    CHECK(net(op::build_map, 2) == -3);
    CHECK(net(op::build_tuple, 3) == -2);
    CHECK(net(op::unpack_sequence, 3) == 2);
    CHECK(net(op::load_method) == 1);
    CHECK(net(op::before_with) == 1);
    CHECK(net(op::with_except_start) == 1);
    CHECK(net(op::push_exc_info) == 1);
    CHECK(net(op::pop_except) == -1);
    CHECK(net(op::check_exc_match) == 0);
    CHECK(net(op::reraise, 1) == -1);
    CHECK(net(op::raise_varargs, 1) == -1);
    CHECK(net(op::make_function, 8) == -1);
    CHECK(net(op::make_function, 9) == -2);
    CHECK(net(op::call_function_ex, 1) == -3);
    CHECK(net(op::build_slice, 2) == -1);
    CHECK(net(op::build_slice, 3) == -2);
    CHECK(net(op::list_append, 2) == -1);
    CHECK(net(op::copy, 3) == 1);
    CHECK(net(op::swap, 2) == 0);
    CHECK(net(op::store_subscr) == -3);
    CHECK(net(op::delete_subscr) == -2);
    CHECK(net(op::store_attr) == -2);
    CHECK(net(op::for_iter, 1, true) == -1);
    CHECK(net(op::for_iter, 1, false) == 1);
    CHECK(net(op::jump_if_false_or_pop, 1, true) == 0);
    CHECK(net(op::jump_if_false_or_pop, 1, false) == -1);
    CHECK(net(op::pop_jump_if_false, 1, true) == -1);
    CHECK(net(op::pop_jump_if_false, 1, false) == -1);
    // PRECALL(2) + CALL(2) in CPython 3.11: -2 + -1.
    CHECK(net(op::call, 2) == -3);
}

TEST_CASE("pops are reported separately from the net effect") {
    // binary_op needs two operands even though it only shrinks the stack by one.
    CHECK(default_stack_effect(op::binary_op, 0, false).pops == 2);
    CHECK(default_stack_effect(op::call, 1, false).pops == 3);
    CHECK(default_stack_effect(op::copy, 3, false).pops == 3);
    CHECK(default_stack_effect(op::custom, 0, false).pops == -1);
}

TEST_CASE("control-flow classification") {
    CHECK(lasso::bytecode::is_terminator(op::return_value));
    CHECK(lasso::bytecode::is_terminator(op::jump));
    CHECK_FALSE(lasso::bytecode::is_terminator(op::pop_jump_if_true));
    CHECK(lasso::bytecode::is_jump(op::for_iter));
    CHECK(lasso::bytecode::is_conditional_jump(op::for_iter));
    CHECK_FALSE(lasso::bytecode::is_conditional_jump(op::jump));
    CHECK_FALSE(lasso::bytecode::is_jump(op::call));
}

TEST_CASE("operator symbols") {
    CHECK(lasso::bytecode::binary_op_text(0) == "+");
    CHECK(lasso::bytecode::binary_op_text(4) == "@");
    CHECK(lasso::bytecode::binary_op_text(13) == "+=");
    CHECK(lasso::bytecode::binary_op_text(25) == "^=");
    CHECK(lasso::bytecode::binary_op_text(26) == "?");
    CHECK(lasso::bytecode::symbol_of(lasso::bytecode::compare_operator::ge) == ">=");
}

TEST_CASE("every fact of an op is one row of semantic_ops") {
    using lasso::bytecode::facts_of;
    using lasso::bytecode::family_of;
    using lasso::bytecode::op_family;
    namespace flags = lasso::bytecode::op_flags;
    static_assert(lasso::bytecode::semantic_ops.size() == lasso::bytecode::semantic_op_count);
    static_assert(lasso::bytecode::semantic_ops[static_cast<std::size_t>(op::for_iter)].which == op::for_iter);
    CHECK(family_of(op::load_fast) == op_family::locals);
    CHECK(family_of(op::copy_free_vars) == op_family::stack);
    CHECK(family_of(op::build_slice) == op_family::containers);
    CHECK(family_of(op::before_with) == op_family::exceptions);
    CHECK(family_of(op::custom) == op_family::custom);
    CHECK(facts_of(op::store_fast).has(flags::stores_local));
    CHECK_FALSE(facts_of(op::store_deref).has(flags::stores_local));
    CHECK(facts_of(op::load_fast).has(flags::frame_bound));
    CHECK_FALSE(facts_of(op::call).has(flags::frame_bound));
    CHECK(facts_of(op::resume).has(flags::prologue | flags::moves_values));
    CHECK(facts_of(op::get_iter).has(flags::passes_items));
    // The formulas: a step makes build_slice pop three; make_function pops one per flag.
    CHECK(default_stack_effect(op::build_slice, 3, false) == lasso::bytecode::stack_effect{3, 1});
    CHECK(default_stack_effect(op::build_slice, 2, false) == lasso::bytecode::stack_effect{2, 1});
    CHECK(default_stack_effect(op::make_function, 0x0f, false) == lasso::bytecode::stack_effect{5, 1});
    CHECK(default_stack_effect(op::call_function_ex, 1, false) == lasso::bytecode::stack_effect{4, 1});
    CHECK(default_stack_effect(op::build_map, 70000, false) == lasso::bytecode::stack_effect{2 * 0xffff, 1});
    CHECK(default_stack_effect(op::copy, -4, false) == lasso::bytecode::stack_effect{0, 1});
    // A value outside the enum has no facts.
    CHECK(family_of(static_cast<op>(250)) == op_family::untranslated);
    CHECK(default_stack_effect(static_cast<op>(250), 0, false).pops == -1);
    CHECK_FALSE(lasso::bytecode::is_jump(static_cast<op>(250)));
}
