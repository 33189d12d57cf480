// The translator on hand-assembled bytecode of the compact instruction set (different
// opcode numbers, variable-width encoding) with the tiny runtime's tensors: nothing in
// lasso's translator assumes minipy.
#include "tiny_runtime.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;

namespace {
tiny::value tensor3() { return tiny::make(tiny::tensor{{"f64", {3}}, {1, 2, 3}}); }

/// def f(x, y): return (relu(x + y) * (2 + 3), x.neg())
tiny::adapter::code straight_line_code() {
    tiny::adapter::code code;
    code.name = "f";
    code.argcount = 2;
    code.varnames = {"x", "y"};
    code.names = {"relu", "neg"};
    code.constants = {tiny::make(std::int64_t{2}), tiny::make(std::int64_t{3})};
    code.bytecode = {
        C::PUSHNULL,    // 0
        C::LDG, 0, 0,   // 1  relu
        C::LDL, 0,      // 4  x
        C::LDL, 1,      // 6  y
        C::BINOP, 0,    // 8  +
        C::CALL, 1,     // 10 relu(x + y)
        C::LDC, 0, 0,   // 12 2
        C::LDC, 1, 0,   // 15 3
        C::BINOP, 0,    // 18 2 + 3, folded
        C::BINOP, 5,    // 20 *
        C::LDL, 0,      // 22 x
        C::LDM, 1, 0,   // 24 .neg
        C::CALL, 0,     // 27
        C::TUPLE, 2,    // 29
        C::RET,         // 31
    };
    code.line_table = {{0, {2, 2, 4, 40}}};
    return code;
}

tiny::frame frame_with(tiny::value x, tiny::value y) {
    tiny::frame f;
    f.locals = {x, y};
    f.globals["relu"] = tiny::make(tiny::builtin_fn{"relu"});
    return f;
}
} // namespace

TEST_CASE("a straight-line tensor function becomes one graph") {
    auto code = straight_line_code();
    auto frame = frame_with(tensor3(), tensor3());
    lasso::translator<tiny::adapter> t(code, frame);
    auto result = t.run();
    REQUIRE(result.captured());
    CHECK(result.instructions == 15);
    CHECK(lasso::graph::print_readable(result.graph) ==
          "graph(l_x_: f64[3], l_y_: f64[3]):\n"
          "    add: f64[3] = add(l_x_, l_y_)\n"
          "    relu: f64[3] = relu(add)\n"
          "    mul: f64[3] = mul(relu, 5)\n"
          "    neg: f64[3] = l_x_.neg()\n"
          "    return (mul, neg)\n");
    CHECK(result.graph.call_count() == 4);

    // The guards describe exactly what was assumed, and pass on the same frame.
    auto program = lasso::compile_guards<tiny::adapter>(result.guards, result.sources, code.varnames, {});
    CHECK(program.describe() ==
          "id(G['relu']) == " + std::to_string(tiny::adapter::identity(frame.globals["relu"])) + "\n"
          "tensor L['x']: f64[3]\n"
          "tensor L['y']: f64[3]\n");
    CHECK(program.check(frame));
    auto other = frame_with(tiny::make(tiny::tensor{{"f64", {4}}, {}}), tensor3());
    other.globals = frame.globals;
    REQUIRE(program.explain(other));
    CHECK(program.explain(other)->reason == "L['x'] is a tensor f64[3], but got a tensor f64[4]");
}

TEST_CASE("constants from the frame are folded and guarded") {
    // def g(x, n): return x * (n * 2)
    tiny::adapter::code code;
    code.varnames = {"x", "n"};
    code.constants = {tiny::make(std::int64_t{2})};
    code.bytecode = {C::LDL, 0, C::LDL, 1, C::LDC, 0, 0, C::BINOP, 5, C::BINOP, 5, C::RET};
    tiny::frame frame;
    frame.locals = {tensor3(), tiny::make(std::int64_t{4})};
    auto result = lasso::translator<tiny::adapter>(code, frame).run();
    REQUIRE(result.captured());
    CHECK(lasso::graph::print_readable(result.graph) ==
          "graph(l_x_: f64[3]):\n"
          "    mul: f64[3] = mul(l_x_, 8)\n"
          "    return (mul,)\n");
    auto program = lasso::compile_guards<tiny::adapter>(result.guards, result.sources, code.varnames, {});
    CHECK(program.describe() == "tensor L['x']: f64[3]\nL['n'] == 4\n");
}

TEST_CASE("a branch on a constant follows the taken side only") {
    // def h(x, flag): if flag: return x + x   else: return x.neg()
    tiny::adapter::code code;
    code.varnames = {"x", "flag"};
    code.names = {"neg"};
    code.bytecode = {
        C::LDL, 1,        // 0
        C::IFNOT, 5,      // 2 -> 9
        C::LDL, 0,        // 4
        C::LDL, 0,        // 6
        C::BINOP, 0,      // 8?? see below
    };
    // Lay out exactly: 0 LDL flag, 2 IFNOT ->11, 4 LDL x, 6 LDL x, 8 BINOP +, 10 RET,
    // 11 LDL x, 13 LDM neg, 16 CALL 0, 18 RET.
    code.bytecode = {C::LDL, 1, C::IFNOT, 7, C::LDL, 0, C::LDL, 0, C::BINOP, 0, C::RET,
                     C::LDL, 0, C::LDM, 0, 0, C::CALL, 0, C::RET};
    for (bool flag : {true, false}) {
        tiny::frame frame;
        frame.locals = {tensor3(), tiny::make(flag)};
        auto result = lasso::translator<tiny::adapter>(code, frame).run();
        REQUIRE(result.captured());
        CHECK(result.graph.call_count() == 1);
        CHECK(lasso::graph::print_readable(result.graph).find(flag ? "add(l_x_, l_x_)" : "l_x_.neg()") != std::string::npos);
    }
}

TEST_CASE("what cannot be captured is reported with a reason and a line") {
    // if x: ...   -- a branch on a tensor
    tiny::adapter::code code;
    code.varnames = {"x"};
    code.bytecode = {C::LDL, 0, C::IFNOT, 2, C::LDL, 0, C::RET};
    code.line_table = {{0, {7, 7, 4, 8}}};
    tiny::frame frame;
    frame.locals = {tensor3()};
    auto result = lasso::translator<tiny::adapter>(code, frame).run();
    REQUIRE_FALSE(result.captured());
    CHECK(result.failure->reason == "branch on a tensor value");
    CHECK(result.failure_line == 7);

    // Mismatched shapes: the adapter's shape rule says why.
    tiny::adapter::code add;
    add.varnames = {"a", "b"};
    add.bytecode = {C::LDL, 0, C::LDL, 1, C::BINOP, 0, C::RET};
    tiny::frame mismatched;
    mismatched.locals = {tensor3(), tiny::make(tiny::tensor{{"f64", {2}}, {}})};
    auto bad = lasso::translator<tiny::adapter>(add, mismatched).run();
    REQUIRE_FALSE(bad.captured());
    CHECK(bad.failure->reason == "shapes f64[3] and f64[2] differ");

    // A custom opcode without a handler in the Config.
    tiny::adapter::code square;
    square.varnames = {"a"};
    square.bytecode = {C::LDL, 0, C::SQUARE, C::RET};
    tiny::frame one;
    one.locals = {tensor3()};
    auto no_handler = lasso::translator<tiny::adapter>(square, one).run();
    REQUIRE_FALSE(no_handler.captured());
    CHECK(no_handler.failure->reason == "custom opcode SQUARE has no handler in the translator's Config");
}

namespace {
/// A Config that gives the custom SQUARE opcode a meaning: x * x in the graph.
struct square_config : lasso::default_config<tiny::adapter> {
    template <class Translator, class Instruction>
    static typename Translator::step handle_custom(Translator& t, const Instruction& inst) {
        if (inst.name() != "SQUARE") return lasso::unsupported{"unknown custom opcode"};
        auto x = t.pop();
        const lasso::tracker_ref args[] = {x, x};
        auto r = t.tensor_op("mul", args);
        if (auto* u = std::get_if<lasso::unsupported>(&r)) return *u;
        t.push(std::get<lasso::tracker_ref>(r));
        return typename Translator::next{};
    }
};
} // namespace

TEST_CASE("a Config handles a custom opcode") {
    tiny::adapter::code square;
    square.varnames = {"a"};
    square.bytecode = {C::LDL, 0, C::SQUARE, C::RET};
    tiny::frame one;
    one.locals = {tensor3()};
    auto result = lasso::translator<tiny::adapter, square_config>(square, one).run();
    REQUIRE(result.captured());
    CHECK(lasso::graph::print_readable(result.graph) ==
          "graph(l_a_: f64[3]):\n"
          "    mul: f64[3] = mul(l_a_, l_a_)\n"
          "    return (mul,)\n");
}
