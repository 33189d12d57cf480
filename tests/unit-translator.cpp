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
/// The graph as the runtime compiles it: outputs set to what the return value needs.
template <class Result> std::string graph_text(Result& r) {
    lasso::output::finalize_graph(r);
    return lasso::graph::print_readable(r.graph);
}
} // namespace

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
        // clang-format off
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
        // clang-format on
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
    CHECK(graph_text(result) ==
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
          "grad_mode == True\n"
          "id(G['relu']) == " +
              std::to_string(tiny::adapter::identity(frame.globals["relu"])) +
              "\n"
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
    CHECK(graph_text(result) ==
          "graph(l_x_: f64[3]):\n"
          "    mul: f64[3] = mul(l_x_, 8)\n"
          "    return (mul,)\n");
    auto program = lasso::compile_guards<tiny::adapter>(result.guards, result.sources, code.varnames, {});
    CHECK(program.describe() == "grad_mode == True\ntensor L['x']: f64[3]\nL['n'] == 4\n");
}

TEST_CASE("a branch on a constant follows the taken side only") {
    // def h(x, flag): if flag: return x + x   else: return x.neg()
    tiny::adapter::code code;
    code.varnames = {"x", "flag"};
    code.names = {"neg"};
    // Laid out: 0 LDL flag, 2 IFNOT ->11, 4 LDL x, 6 LDL x, 8 BINOP +, 10 RET,
    // 11 LDL x, 13 LDM neg, 16 CALL 0, 18 RET.
    code.bytecode = {C::LDL, 1,      C::IFNOT, 7,      C::LDL, 0, C::LDL,  0, C::BINOP, 0,
                     C::RET, C::LDL, 0,        C::LDM, 0,      0, C::CALL, 0, C::RET};
    for (bool flag : {true, false}) {
        tiny::frame frame;
        frame.locals = {tensor3(), tiny::make(flag)};
        auto result = lasso::translator<tiny::adapter>(code, frame).run();
        REQUIRE(result.captured());
        CHECK(result.graph.call_count() == 1);
        CHECK(graph_text(result).find(flag ? "add(l_x_, l_x_)" : "l_x_.neg()") != std::string::npos);
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
    CHECK(result.reason() == "LB0003 branch on a tensor value");
    CHECK(result.line() == 7);

    // Mismatched shapes: the adapter's shape rule says why.
    tiny::adapter::code add;
    add.varnames = {"a", "b"};
    add.bytecode = {C::LDL, 0, C::LDL, 1, C::BINOP, 0, C::RET};
    tiny::frame mismatched;
    mismatched.locals = {tensor3(), tiny::make(tiny::tensor{{"f64", {2}}, {}})};
    auto bad = lasso::translator<tiny::adapter>(add, mismatched).run();
    REQUIRE_FALSE(bad.captured());
    CHECK(bad.reason() == "LB0010 shapes f64[3] and f64[2] differ");

    // A custom opcode without a handler in the Config.
    tiny::adapter::code square;
    square.varnames = {"a"};
    square.bytecode = {C::LDL, 0, C::SQUARE, C::RET};
    tiny::frame one;
    one.locals = {tensor3()};
    auto no_handler = lasso::translator<tiny::adapter>(square, one).run();
    REQUIRE_FALSE(no_handler.captured());
    CHECK(no_handler.reason() == "LB0016 custom opcode SQUARE has no handler in the translator's Config");
}

namespace {
/// A Config that gives the custom SQUARE opcode a meaning: x * x in the graph.
struct square_config : lasso::default_config<tiny::adapter> {
    template <class Translator, class Instruction>
    static typename Translator::step handle(lasso::semantic<lasso::op::custom>, Translator& t, const Instruction& inst) {
        if (inst.name() != "SQUARE") throw lasso::unsupported{lasso::reasons::unsupported_bytecode, "unknown custom opcode"};
        auto x = t.pop();
        const lasso::tracker_ref args[] = {x, x};
        t.push(t.tensor_op("mul", args));
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
    CHECK(graph_text(result) ==
          "graph(l_a_: f64[3]):\n"
          "    mul: f64[3] = mul(l_a_, l_a_)\n"
          "    return (mul,)\n");
}

// ---- handler families -----------------------------------------------------------------

namespace {
namespace T = lasso_test::tiny; // the tiny instruction set's extra opcodes (MKCELL, IFNONE, ...)

tiny::value num(std::int64_t i) { return tiny::make(i); }
tiny::value str(std::string s) { return tiny::make(std::move(s)); }
tiny::value tensor_of(std::vector<std::int64_t> shape) { return tiny::make(tiny::tensor{{"f64", std::move(shape)}, {}}); }
tiny::value builtin(std::string name) { return tiny::make(tiny::builtin_fn{std::move(name)}); }

tiny::adapter::code make_code(std::vector<std::string> varnames, std::vector<std::string> names,
                              std::vector<tiny::value> constants, std::vector<std::uint8_t> bytes, int line = 1) {
    tiny::adapter::code code;
    code.name = "f";
    code.argcount = static_cast<int>(varnames.size());
    code.varnames = std::move(varnames);
    code.names = std::move(names);
    code.constants = std::move(constants);
    code.bytecode = std::move(bytes);
    code.line_table = {{0, {line, line, 0, 1}}};
    return code;
}

auto translate(const tiny::adapter::code& code, const tiny::frame& frame) {
    return lasso::translator<tiny::adapter>(code, frame).run();
}

template <class Result> lasso::guard_program<tiny::adapter> guards_of(const Result& r, const tiny::adapter::code& code) {
    std::vector<std::string> cells = code.cellvars;
    cells.insert(cells.end(), code.freevars.begin(), code.freevars.end());
    return lasso::compile_guards<tiny::adapter>(r.guards, r.sources, code.varnames, cells);
}

template <class Result> std::string failure_of(const Result& r) { return r.captured() ? "<captured>" : r.reason(); }

template <class Result> const lasso::constant* returned_constant(const Result& r) {
    auto* c = r.trackers.template get_if<lasso::trackers::constant_value>(*r.returned());
    return c ? &c->value : nullptr;
}
} // namespace

TEST_CASE("every translation guards on grad mode") {
    auto code = make_code({"x"}, {}, {}, {C::LDL, 0, C::RET});
    tiny::frame frame;
    frame.locals = {tensor3()};
    auto on = translate(code, frame);
    REQUIRE(on.captured());
    REQUIRE_FALSE(on.guards.empty());
    CHECK(on.guards[0].kind == lasso::guard_kind::global_state);
    CHECK(on.guards[0].expected_flag);
    tiny::grad_mode = false;
    auto off = translate(code, frame);
    auto program = guards_of(off, code);
    CHECK(program.check(frame));
    tiny::grad_mode = true;
    CHECK_FALSE(program.check(frame));
    CHECK(program.explain(frame)->reason == "grad mode is disabled, but it is enabled");
    CHECK(guards_of(on, code).check(frame));
}

TEST_CASE("attributes of objects are read once per place, with one set of guards") {
    // def f(): return layer.w + layer.w
    auto code = make_code({}, {"layer", "w", "missing", "forward"}, {},
                          {C::LDG, 0, 0, C::LDA, 1, 0, C::LDG, 0, 0, C::LDA, 1, 0, C::BINOP, 0, C::RET});
    tiny::frame frame;
    frame.globals["layer"] = tiny::make(tiny::instance{"Layer", {{"w", tensor3()}}});
    auto result = translate(code, frame);
    REQUIRE(result.captured());
    CHECK(result.inputs.size() == 1);
    CHECK(result.graph.call_count() == 1);
    CHECK(graph_text(result) ==
          "graph(g_layer_w: f64[3]):\n"
          "    add: f64[3] = add(g_layer_w, g_layer_w)\n"
          "    return (add,)\n");
    auto program = guards_of(result, code);
    CHECK(program.describe() == "grad_mode == True\ntype(G['layer']) is Layer\ntensor G['layer'].w: f64[3]\n");
    CHECK(program.check(frame));

    // An attribute that cannot be read without running code.
    auto missing = make_code({}, {"layer", "w", "missing"}, {}, {C::LDG, 0, 0, C::LDA, 2, 0, C::RET});
    CHECK(failure_of(translate(missing, frame)) == "LB0013 attribute 'missing' of Layer is not statically readable");
    // A method of the object's class would need inlining.
    auto method = make_code({}, {"layer", "forward"}, {}, {C::LDG, 0, 0, C::LDM, 1, 0, C::CALL, 0, C::RET});
    CHECK(failure_of(translate(method, frame)) ==
          "LB0014 call of method 'forward' of a 'Layer' object: inlining of interpreted methods is not supported yet");
    // A class attribute is a constant.
    auto cls = make_code({}, {"Config", "scale"}, {}, {C::LDG, 0, 0, C::LDA, 1, 0, C::RET});
    frame.globals["Config"] = tiny::make(tiny::class_object{"Config", {{"scale", num(3)}}});
    auto read = translate(cls, frame);
    REQUIRE(read.captured());
    CHECK(*returned_constant(read) == lasso::constant{std::int64_t{3}});
    // A store needs the adapter to say it is plain (lasso::AttributeStoreAdapter).
    auto store = make_code({}, {"layer", "w"}, {}, {C::LDG, 0, 0, C::LDG, 0, 0, C::STA, 1, 0, C::LDG, 0, 0, C::RET});
    CHECK(failure_of(translate(store, frame)) ==
          "LB0017 assignment to attribute 'w' of a 'Layer' object (the adapter cannot tell plain attribute stores: "
          "plain_attribute_store)");
}

TEST_CASE("tensor attributes are known from metadata") {
    // def f(x): return x * x.shape[0] + x.ndim
    auto code = make_code({"x"}, {"shape", "ndim", "foo"}, {num(0)},
                          {C::LDL,   0, C::LDL, 0, C::LDA, 0, 0, C::LDC,   0, 0,     C::SUBSCR,
                           C::BINOP, 5, C::LDL, 0, C::LDA, 1, 0, C::BINOP, 0, C::RET});
    tiny::frame frame;
    frame.locals = {tensor3()};
    auto result = translate(code, frame);
    REQUIRE(result.captured());
    CHECK(graph_text(result) ==
          "graph(l_x_: f64[3]):\n"
          "    mul: f64[3] = mul(l_x_, 3)\n"
          "    add: f64[3] = add(mul, 1)\n"
          "    return (add,)\n");
    auto foo = make_code({"x"}, {"foo"}, {}, {C::LDL, 0, C::LDA, 0, 0, C::RET});
    CHECK(failure_of(translate(foo, frame)) == "LB0013 tensor attribute 'foo'");
}

TEST_CASE("dicts: membership and items by key") {
    // def f(d): if 'c' in d: assert False;  return d['a'] + d['b']
    auto code =
        make_code({"d"}, {}, {str("c"), str("a"), str("b")},
                  {C::LDC, 0, 0,         C::LDL, 0, C::INOP, 0, C::IFNOT, 1,         C::ASSERTERR, C::LDL, 0,     C::LDC,
                   1,      0, C::SUBSCR, C::LDL, 0, C::LDC,  2, 0,        C::SUBSCR, C::BINOP,     0,      C::RET});
    tiny::frame frame;
    frame.locals = {tiny::make(tiny::dict{{{"a", tensor3()}, {"b", tensor3()}}})};
    auto result = translate(code, frame);
    REQUIRE(result.captured());
    CHECK(result.inputs.size() == 2);
    CHECK(result.graph.call_count() == 1);
    auto program = guards_of(result, code);
    CHECK(
        program.describe() ==
        "grad_mode == True\ntype(L['d']) is dict\nlen(L['d']) == 2\ntensor L['d']['a']: f64[3]\ntensor L['d']['b']: f64[3]\n");
    CHECK(program.check(frame));

    tiny::frame with_c;
    with_c.locals = {tiny::make(tiny::dict{{{"a", tensor3()}, {"b", tensor3()}, {"c", num(1)}}})};
    CHECK_FALSE(program.check(with_c));
    CHECK(failure_of(translate(code, with_c)) ==
          "LB0010 assert statement whose assertion fails (raising AssertionError is not captured)");

    // {'k': d['a']} builds a dict; a missing key is reported.
    auto build = make_code({"d"}, {}, {str("k"), str("a"), str("zz")},
                           {C::LDC, 0, 0, C::LDL, 0, C::LDC, 1, 0, C::SUBSCR, C::MAP, 1, C::RET});
    auto built = translate(build, frame);
    REQUIRE(built.captured());
    auto* d = built.trackers.get_if<lasso::trackers::dict>(*built.returned());
    REQUIRE(d);
    CHECK(d->items.size() == 1);
    auto missing = make_code({"d"}, {}, {str("zz")}, {C::LDL, 0, C::LDC, 0, 0, C::SUBSCR, C::RET});
    CHECK(failure_of(translate(missing, frame)) == "LB0010 key 'zz' is not in the dict");
}

TEST_CASE("unpacking tuples and tensor rows") {
    // def f(pair, t): a, b = pair; r0, r1 = t; return a - b + r0 + r1
    auto code =
        make_code({"pair", "t", "a", "b", "r0", "r1"}, {}, {},
                  {C::LDL, 0, C::UNPACK, 2, C::STL,   2,  C::STL, 3, C::LDL,   1, C::UNPACK, 2, C::STL,   4, C::STL, 5,
                   C::LDL, 2, C::LDL,    3, C::BINOP, 10, C::LDL, 4, C::BINOP, 0, C::LDL,    5, C::BINOP, 0, C::RET});
    tiny::frame frame;
    frame.locals = {tiny::make(tiny::tuple{{tensor3(), tensor3()}}), tensor_of({2, 3})};
    auto result = translate(code, frame);
    REQUIRE(result.captured());
    CHECK(result.graph.call_count() == 5);
    const auto text = graph_text(result);
    CHECK(text.find("sub(l_pair_0_, l_pair_1_)") != std::string::npos);
    CHECK(text.find("getitem(l_t_, 0)") != std::string::npos);
    CHECK(text.find("getitem(l_t_, 1)") != std::string::npos);

    auto three = make_code({"pair"}, {}, {}, {C::LDL, 0, C::UNPACK, 3, C::RET});
    CHECK(failure_of(translate(three, frame)) == "LB0010 unpacking 2 values into 3 targets");
}

TEST_CASE("builtins: pure calls fold, len and range are known, print is unsupported") {
    // def f(x, n): return x * g(n)     for g in abs, len
    auto call_of = [](std::string name) {
        return make_code({"x", "n"}, {std::move(name)}, {},
                         {C::LDL, 0, C::PUSHNULL, C::LDG, 0, 0, C::LDL, 1, C::CALL, 1, C::BINOP, 5, C::RET});
    };
    tiny::frame frame;
    frame.globals = {{"abs", builtin("abs")},
                     {"len", builtin("len")},
                     {"range", builtin("range")},
                     {"print", builtin("print")},
                     {"graph_break", builtin("graph_break")},
                     {"helper", tiny::make(tiny::function{"helper"})},
                     {"relu", builtin("relu")}};
    frame.locals = {tensor3(), num(-4)};
    auto folded = translate(call_of("abs"), frame);
    REQUIRE(folded.captured());
    CHECK(graph_text(folded).find("mul(l_x_, 4)") != std::string::npos);

    frame.locals = {tensor3(), tiny::make(tiny::list{{num(1), num(2)}})};
    auto length = translate(call_of("len"), frame);
    REQUIRE(length.captured());
    CHECK(graph_text(length).find("mul(l_x_, 2)") != std::string::npos);
    frame.locals = {tensor3(), tensor_of({5, 3})};
    auto tensor_length = translate(call_of("len"), frame);
    REQUIRE(tensor_length.captured());
    CHECK(graph_text(tensor_length).find("mul(l_x_, 5)") != std::string::npos);

    // def f(x): for i in range(3): x = x + i;  return x
    auto loop =
        make_code({"x", "i"}, {"range"}, {num(3)},
                  {C::PUSHNULL, C::LDG, 0,      0, C::LDC,   0, 0,      C::CALL, 1,       C::ITER, C::NEXT, 12, C::STL, 1,
                   C::LDL,      0,      C::LDL, 1, C::BINOP, 0, C::STL, 0,       C::LOOP, 14,      C::LDL,  0,  C::RET});
    frame.locals = {tensor3()};
    auto unrolled = translate(loop, frame);
    REQUIRE(unrolled.captured());
    CHECK(unrolled.graph.call_count() == 3);
    CHECK(graph_text(unrolled) ==
          "graph(l_x_: f64[3]):\n"
          "    add: f64[3] = add(l_x_, 0)\n"
          "    add_1: f64[3] = add(add, 1)\n"
          "    add_2: f64[3] = add(add_1, 2)\n"
          "    return (add_2,)\n");

    // def f(x): print(x); return x        -- the call is on line 5
    auto print =
        make_code({"x"}, {"print"}, {}, {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::CALL, 1, C::POP, C::LDL, 0, C::RET});
    print.line_table = {{0, {4, 4, 0, 1}}, {4, {5, 5, 0, 1}}};
    auto printed = translate(print, frame);
    CHECK(failure_of(printed) == "LB0001 call of print()");
    CHECK(printed.line() == 5);
    auto breaks = make_code({"x"}, {"graph_break"}, {}, {C::PUSHNULL, C::LDG, 0, 0, C::CALL, 0, C::RET});
    CHECK(failure_of(translate(breaks, frame)) == "LB0002 graph_break() called");
    auto helper = make_code({"x"}, {"helper"}, {}, {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::CALL, 1, C::RET});
    // The tiny adapter cannot inline (no function_code, same_globals): the call breaks.
    CHECK(failure_of(translate(helper, frame)) ==
          "LB0017 call of interpreted function 'helper' (the adapter cannot inline calls: function_code, same_globals, "
          "frame_code, code_identity, positional_flags)");
    // relu(x, dim=1): keyword arguments to tensor operations are not mapped yet
    auto keywords = make_code({"x"}, {"relu"}, {num(1), tiny::make(tiny::tuple{{str("dim")}})},
                              {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::LDC, 0, 0, C::KWNAMES, 1, 0, C::CALL, 2, C::RET});
    CHECK(failure_of(translate(keywords, frame)) ==
          "LB0008 call of relu() with keyword arguments (dim) is not supported yet");
}

TEST_CASE("a tensor method called on something else is unsupported, not a graph node") {
    // x.mul loaded with x as self, then the self replaced on the stack: mul(2, 3). Only
    // random bytecode does this; the shape rule must not see a tensor op of no tensor.
    auto code = make_code({"x"}, {"mul"}, {num(2), num(3)},
                          {C::LDL, 0, C::LDM, 0, 0, C::POP, C::LDC, 0, 0, C::LDC, 1, 0, C::CALL, 1, C::RET});
    tiny::frame frame;
    frame.locals = {tensor3()};
    auto result = translate(code, frame);
    REQUIRE_FALSE(result.captured());
    CHECK(result.reason() == "LB0006 tensor method 'mul' called on the constant 2 instead of a tensor");
}

TEST_CASE("a branch on a constant traces the taken side only") {
    // def f(x, flag): if flag: return x.neg()   else: print(x)
    auto code = make_code({"x", "flag"}, {"neg", "print"}, {},
                          {C::LDL, 1,           C::IFNOT, 8, C::LDL, 0,      C::LDM, 0,       0, C::CALL, 0,
                           C::RET, C::PUSHNULL, C::LDG,   1, 0,      C::LDL, 0,      C::CALL, 1, C::RET});
    tiny::frame frame;
    frame.globals["print"] = builtin("print");
    for (auto flag : {tiny::make(true), num(7), str("yes"), tiny::make(tiny::tuple{{num(1)}})}) {
        frame.locals = {tensor3(), flag};
        auto result = translate(code, frame);
        REQUIRE(result.captured());
        CHECK(result.graph.call_count() == 1);
    }
    frame.locals = {tensor3(), num(0)};
    CHECK(failure_of(translate(code, frame)) == "LB0001 call of print()");

    // def g(x, y): if y is not None: assert False;  return x     (and `y is None` itself)
    auto none_check = make_code({"x", "y"}, {}, {}, {C::LDL, 1, T::IFNOTNONE, 3, C::LDL, 0, C::RET, C::ASSERTERR});
    auto is_none = make_code({"x", "y"}, {}, {tiny::none()}, {C::LDL, 1, C::LDC, 0, 0, C::ISOP, 0, C::RET});
    frame.locals = {tensor3(), tiny::none()};
    CHECK(translate(none_check, frame).captured());
    auto yes = translate(is_none, frame);
    REQUIRE(yes.captured());
    CHECK(*returned_constant(yes) == lasso::constant{true});
    frame.locals = {tensor3(), tensor3()};
    CHECK(failure_of(translate(none_check, frame)) ==
          "LB0010 assert statement whose assertion fails (raising AssertionError is not captured)");
    auto no = translate(is_none, frame);
    REQUIRE(no.captured());
    CHECK(*returned_constant(no) == lasso::constant{false});

    // `a or b` on constants keeps the first true operand
    auto either = make_code({"a", "b"}, {}, {}, {C::LDL, 0, T::ORPOP, 2, C::LDL, 1, C::RET});
    frame.locals = {num(0), num(5)};
    CHECK(*returned_constant(translate(either, frame)) == lasso::constant{std::int64_t{5}});
    frame.locals = {num(3), num(5)};
    CHECK(*returned_constant(translate(either, frame)) == lasso::constant{std::int64_t{3}});
}

TEST_CASE("a branch on a tensor value is unsupported") {
    tiny::frame frame;
    frame.locals = {tensor3(), num(1)};
    auto negate = make_code({"x"}, {}, {}, {C::LDL, 0, C::NOT, C::RET}, 9);
    auto result = translate(negate, frame);
    CHECK(failure_of(result) == "LB0003 truth value of a tensor (not on a tensor)");
    CHECK(result.line() == 9);
    auto either = make_code({"x", "y"}, {}, {}, {C::LDL, 0, T::ANDPOP, 2, C::LDL, 1, C::RET});
    CHECK(failure_of(translate(either, frame)) == "LB0003 branch on a tensor value");
    auto item = make_code({"x"}, {"item"}, {}, {C::LDL, 0, C::LDM, 0, 0, C::CALL, 0, C::RET});
    CHECK(failure_of(translate(item, frame)) == "LB0006 no tensor operation 'item'");
}

namespace {
/// for t in xs: y = y + t;  return y
tiny::adapter::code accumulate_code() {
    return make_code({"xs", "y", "t"}, {}, {}, {C::LDL, 0,        C::ITER, C::NEXT, 12, C::STL,  2,  C::LDL, 1, C::LDL,
                                                2,      C::BINOP, 0,       C::STL,  1,  C::LOOP, 14, C::LDL, 1, C::RET});
}
struct short_loops : lasso::default_config<tiny::adapter> {
    static constexpr std::size_t max_unrolled_instructions = 50;
};
} // namespace

TEST_CASE("loops over lists and tensors are unrolled, within a limit") {
    auto code = accumulate_code();
    tiny::frame frame;
    frame.locals = {tiny::make(tiny::list{{tensor3(), tensor3(), tensor3()}}), tensor3()};
    auto result = translate(code, frame);
    REQUIRE(result.captured());
    CHECK(result.graph.call_count() == 3);
    CHECK(result.inputs.size() == 4);
    CHECK(guards_of(result, code).check(frame));

    frame.locals = {tensor_of({2, 3}), tensor3()};
    auto rows = translate(code, frame);
    REQUIRE(rows.captured());
    CHECK(rows.graph.call_count() == 4); // two getitem, two add

    frame.locals = {tiny::make(tiny::tuple{}), tensor3()};
    auto empty = translate(code, frame);
    REQUIRE(empty.captured());
    CHECK(empty.graph.call_count() == 0);

    // range(1000) unrolls past the Config's limit
    auto loop =
        make_code({"x", "i"}, {"range"}, {num(1000)},
                  {C::PUSHNULL, C::LDG, 0,      0, C::LDC,   0, 0,      C::CALL, 1,       C::ITER, C::NEXT, 12, C::STL, 1,
                   C::LDL,      0,      C::LDL, 1, C::BINOP, 0, C::STL, 0,       C::LOOP, 14,      C::LDL,  0,  C::RET});
    frame.globals["range"] = builtin("range");
    frame.locals = {num(0)};
    auto limited = lasso::translator<tiny::adapter, short_loops>(loop, frame).run();
    CHECK(failure_of(limited) == "LB0024 loop unrolled too far (more than 50 instructions beyond one pass over the code)");
    auto folded = translate(loop, frame); // a sum of constants: 0 + 1 + ... + 999
    REQUIRE(folded.captured());
    CHECK(*returned_constant(folded) == lasso::constant{std::int64_t{499500}});
}

TEST_CASE("cells: free variables are read from the frame, cell variables are symbolic") {
    // def f(x): return x + w      (w free)
    auto code = make_code({"x"}, {}, {}, {C::LDL, 0, C::LDCELL, 0, C::BINOP, 0, C::LDCELL, 0, C::BINOP, 0, C::RET});
    code.freevars = {"w"};
    tiny::frame frame;
    frame.locals = {tensor3()};
    frame.cells = {tensor3()};
    auto result = translate(code, frame);
    REQUIRE(result.captured());
    CHECK(result.inputs.size() == 2);
    auto program = guards_of(result, code);
    CHECK(program.describe() == "grad_mode == True\ntensor L['x']: f64[3]\ntensor L['w']: f64[3]\n");
    CHECK(program.check(frame));
    frame.cells = {tensor_of({4})};
    CHECK_FALSE(program.check(frame));

    // A store to a free variable is a side effect (replayed by store_deref), and a read
    // after it sees the stored value, without reading the frame's cell.
    auto store = make_code({"x"}, {}, {}, {C::LDL, 0, C::STCELL, 0, C::LDCELL, 0, C::RET});
    store.freevars = {"w"};
    auto stored = translate(store, frame);
    REQUIRE(stored.captured());
    REQUIRE(stored.effects.log().size() == 1);
    CHECK(stored.effects.log()[0].kind == lasso::output::mutation_kind::cell);
    CHECK(stored.effects.log()[0].name == "w");
    CHECK(stored.effects.log()[0].value == *stored.returned());
    CHECK(guards_of(stored, store).describe() == "grad_mode == True\ntensor L['x']: f64[3]\n");

    // def g(x): (x is a cell variable)  y = x; x = 2; return y * x
    auto cell = make_code(
        {"x"}, {}, {num(2)},
        {T::MKCELL, 0, T::COPYFREE, 0, C::LDCELL, 0, C::LDC, 0, 0, C::STCELL, 0, C::LDCELL, 0, C::BINOP, 5, C::RET});
    cell.cellvars = {"x"};
    frame.locals = {tensor3()};
    auto symbolic = translate(cell, frame);
    REQUIRE(symbolic.captured());
    CHECK(graph_text(symbolic).find("mul(l_x_, 2)") != std::string::npos);
    // load_closure pushes the frame's cell itself, named for generated code.
    auto closure = make_code({"x"}, {}, {}, {T::MKCELL, 0, C::LDCLOS, 0, C::RET});
    closure.cellvars = {"x"};
    auto loaded = translate(closure, frame);
    REQUIRE(loaded.captured());
    auto* cell_tracker = loaded.trackers.get_if<lasso::trackers::cell>(*loaded.returned());
    REQUIRE(cell_tracker);
    CHECK(cell_tracker->name == "x");
    REQUIRE(cell_tracker->contents);
    CHECK(loaded.trackers[*cell_tracker->contents].source.has_value()); // the argument x
}

TEST_CASE("containers: lists built, extended, sliced and assigned in the frame") {
    // l = [x]; l.append(x + x); l.extend((1, 2)); return tuple(l)[1:3]
    auto code = make_code({"x"}, {}, {num(1), num(2), num(3)},
                          {C::LDL, 0,      C::LIST, 1, C::LDL, 0, C::LDL, 0,        C::BINOP, 0,          T::LAPPEND,
                           1,      C::LDC, 0,       0, C::LDC, 1, 0,      C::TUPLE, 2,        T::LEXTEND, 1,
                           T::L2T, C::LDC, 0,       0, C::LDC, 2, 0,      T::SLICE, 2,        C::SUBSCR,  C::RET});
    tiny::frame frame;
    frame.locals = {tensor3(), tiny::make(tiny::list{{num(1)}})};
    auto result = translate(code, frame);
    REQUIRE(result.captured());
    auto* t = result.trackers.get_if<lasso::trackers::tuple>(*result.returned());
    REQUIRE(t);
    REQUIRE(t->items.size() == 2);
    CHECK(result.trackers.get_if<lasso::trackers::tensor<tiny::tensor_meta>>(t->items[0]));
    CHECK(graph_text(result) ==
          "graph(l_x_: f64[3]):\n"
          "    add: f64[3] = add(l_x_, l_x_)\n"
          "    return (add,)\n");

    // l = [x, x]; l[0] = 5; return l      -- and the same on a list from the frame
    auto assign =
        make_code({"x", "l"}, {}, {num(5), num(0)}, {C::LDL, 0, C::LDL, 0, C::LIST, 2,           C::STL, 1, C::LDC, 0, 0,
                                                     C::LDL, 1, C::LDC, 1, 0,       C::STSUBSCR, C::LDL, 1, C::RET});
    auto assigned = translate(assign, frame);
    REQUIRE(assigned.captured());
    auto* l = assigned.trackers.get_if<lasso::trackers::list>(*assigned.returned());
    REQUIRE(l);
    CHECK(assigned.trackers.get_if<lasso::trackers::constant_value>(l->items[0])->value == lasso::constant{std::int64_t{5}});
    // On a list from the frame the store is a side effect: recorded with the list's
    // items on entry, the tracker holding the new ones.
    auto mutate =
        make_code({"x", "l"}, {}, {num(5), num(0)}, {C::LDC, 0, 0, C::LDL, 1, C::LDC, 1, 0, C::STSUBSCR, C::LDL, 1, C::RET});
    auto mutated = translate(mutate, frame);
    REQUIRE(mutated.captured());
    REQUIRE(mutated.effects.log().size() == 1);
    const auto& effect = mutated.effects.log()[0];
    CHECK(effect.kind == lasso::output::mutation_kind::contents);
    CHECK(effect.target == *mutated.returned());
    CHECK(mutated.trackers[effect.target].source.has_value());
    auto* now = mutated.trackers.get_if<lasso::trackers::list>(effect.target);
    REQUIRE(now);
    REQUIRE(effect.entry_items.size() == now->items.size());
    CHECK(effect.entry_items[0] != now->items[0]);
    CHECK(mutated.trackers.get_if<lasso::trackers::constant_value>(now->items[0])->value ==
          lasso::constant{std::int64_t{5}});

    // 2 in (1, 2) and (1, 2) + (3,) on constants
    auto in = make_code({}, {}, {num(2), num(1), num(3)},
                        {C::LDC, 0, 0, C::LDC, 1, 0, C::LDC, 0, 0, C::TUPLE, 2, C::INOP, 0, C::RET});
    CHECK(*returned_constant(translate(in, frame)) == lasso::constant{true});
    auto concat = make_code({}, {}, {num(1), num(2), num(3)},
                            {C::LDC, 0, 0, C::LDC, 1, 0, C::TUPLE, 2, C::LDC, 2, 0, C::TUPLE, 1, C::BINOP, 0, C::RET});
    auto joined = translate(concat, frame);
    REQUIRE(joined.captured());
    CHECK(joined.trackers.get_if<lasso::trackers::tuple>(*joined.returned())->items.size() == 3);
}

TEST_CASE("constant folding follows Python") {
    using lasso::constant;
    namespace fold = lasso::fold;
    auto i = [](std::int64_t v) { return constant{v}; };
    CHECK(fold::binary(0, constant{std::string("ab")}, constant{std::string("c")}) == constant{std::string("abc")});
    CHECK(fold::binary(5, constant{std::string("ab")}, i(3)) == constant{std::string("ababab")});
    CHECK(fold::binary(5, i(-1), constant{std::string("ab")}) == constant{std::string()});
    CHECK(fold::binary(8, i(2), i(10)) == i(1024));
    CHECK_FALSE(fold::binary(8, i(2), i(64)).has_value()); // overflows int64
    CHECK(fold::binary(0, constant{true}, i(1)) == i(2));
    CHECK(fold::binary(2, i(-7), i(2)) == i(-4));
    CHECK(fold::binary(6, i(-7), i(2)) == i(1));
    CHECK(fold::binary(6, i(INT64_MIN), i(-1)) == i(0));
    CHECK_FALSE(fold::binary(11, i(1), i(0)).has_value());
    CHECK(fold::binary(3, i(1), i(4)) == i(16));
    CHECK(fold::binary(1, constant{true}, constant{false}) == constant{false});
    CHECK(fold::compare(2, constant{std::string("a")}, constant{std::string("a")}) == true);
    CHECK(fold::compare(3, lasso::constant{lasso::none_t{}}, i(0)) == true);
    CHECK(fold::compare(2, constant{true}, i(1)) == true);
    CHECK(fold::compare(0, constant{std::string("a")}, constant{std::string("b")}) == true);
    CHECK_FALSE(fold::compare(0, lasso::constant{lasso::none_t{}}, i(1)).has_value());
}

TEST_CASE("malformed bytecode is reported, never undefined behaviour") {
    tiny::frame frame;
    frame.locals = {tensor3()};
    auto underflow = make_code({"x"}, {}, {}, {C::POP, C::RET});
    CHECK(failure_of(translate(underflow, frame)).starts_with("LB0016 malformed bytecode: symbolic stack underflow"));
    auto bad_local = make_code({"x"}, {}, {}, {C::LDL, 7, C::RET});
    CHECK_THROWS_AS(translate(bad_local, frame), lasso::bytecode::bytecode_error); // decoding rejects it
    auto swap = make_code({"x"}, {}, {}, {C::LDL, 0, C::ROT, 4, C::RET});
    CHECK(failure_of(translate(swap, frame)).starts_with("LB0016 malformed bytecode: symbolic stack underflow"));
    auto unbound = make_code({"x", "y"}, {}, {}, {C::LDL, 1, C::RET});
    CHECK(failure_of(translate(unbound, frame)) == "LB0010 local 'y' is read before assignment");
}

TEST_CASE("a second translation told where to stop gives the state before the failing instruction") {
    // def f(x): y = x * 2; print(y); return y     -- the call fails after its operands
    // were pushed; a loop before it makes the instruction count differ from its index.
    tiny::frame frame;
    frame.locals = {tensor3()};
    frame.globals = {{"range", builtin("range")}, {"print", builtin("print")}};
    auto code =
        make_code({"x", "y", "i"}, {"print", "range"}, {num(2)},
                  {C::PUSHNULL, C::LDG,  1, 0,      C::LDC, 0,       0, C::CALL, 1,        C::ITER, C::NEXT, 4, C::STL,
                   2,           C::LOOP, 6, C::LDL, 0,      C::LDC,  0, 0,       C::BINOP, 5,       C::STL,  1, C::PUSHNULL,
                   C::LDG,      0,       0, C::LDL, 1,      C::CALL, 1, C::POP,  C::LDL,   1,       C::RET});
    auto first = translate(code, frame);
    REQUIRE_FALSE(first.captured());
    CHECK(first.reason() == "LB0001 call of print()");
    CHECK(first.breaks());
    auto again = lasso::translator<tiny::adapter>(code, frame, lasso::translator_options{first.instructions}).run();
    REQUIRE(again.stopped());
    CHECK(again.reason().empty());
    CHECK(again.instructions == first.instructions - 1);
    const lasso::frame_state& state = again.stopped()->state;
    // The call's operands are still on the stack: NULL, print, y.
    REQUIRE(state.stack.size() == 3);
    CHECK(again.trackers.get_if<lasso::trackers::null>(state.stack[0]));
    CHECK(again.trackers.get_if<lasso::trackers::builtin<tiny::adapter::value>>(state.stack[1])->name == "print");
    CHECK(state.stack[2] == *state.locals[1]);
    CHECK(again.trackers.get_if<lasso::trackers::tensor<tiny::adapter::tensor_meta>>(state.stack[2]));
    CHECK(again.graph.call_count() == 1); // y = x * 2, nothing of the call
    // Stopping again at the same place gives the same state.
    auto third = lasso::translator<tiny::adapter>(code, frame, lasso::translator_options{first.instructions}).run();
    REQUIRE(third.stopped());
    CHECK(third.stopped()->state == state);
}

TEST_CASE("side effects: a global stored in the trace is read back, not guarded, and replayed once") {
    // g = 5; a = g; g = 6; return (a, g)
    tiny::adapter::code code;
    code.varnames = {"a"};
    code.names = {"g"};
    code.constants = {num(5), num(6)};
    code.bytecode = {C::LDC, 0,      0, C::STG, 0,      0, C::LDG, 0, 0, C::STL,   0, C::LDC, 1,
                     0,      C::STG, 0, 0,      C::LDL, 0, C::LDG, 0, 0, C::TUPLE, 2, C::RET};
    tiny::frame frame;
    frame.locals = {tiny::value{}};
    frame.globals["g"] = num(1);
    auto result = lasso::translator<tiny::adapter>(code, frame).run();
    REQUIRE(result.captured());
    auto* returned = result.trackers.get_if<lasso::trackers::tuple>(*result.returned());
    REQUIRE(returned);
    auto constant_at = [&](std::size_t i) {
        return result.trackers.get_if<lasso::trackers::constant_value>(returned->items[i])->value;
    };
    CHECK(constant_at(0) == lasso::constant{std::int64_t{5}});
    CHECK(constant_at(1) == lasso::constant{std::int64_t{6}});
    // Two entries in program order, one place: replay stores the newest value only.
    REQUIRE(result.effects.log().size() == 2);
    CHECK(result.effects.log()[1].previous == 0);
    const auto final = result.effects.final_mutations();
    REQUIRE(final.size() == 1);
    CHECK(final[0]->kind == lasso::output::mutation_kind::global);
    CHECK(final[0]->value == returned->items[1]);
    // The global was never read from the frame: no guard on it.
    for (const auto& g : result.guards) CHECK_FALSE(g.source.has_value());
}

TEST_CASE("side effects: one list under two names is one tracker, and a mutated list is guarded unaliased") {
    // a[0] = 7; return b[0]
    tiny::adapter::code code;
    code.varnames = {"a", "b"};
    code.constants = {num(7), num(0)};
    code.bytecode = {C::LDC, 0, 0, C::LDL, 0, C::LDC, 1, 0, C::STSUBSCR, C::LDL, 1, C::LDC, 1, 0, C::SUBSCR, C::RET};
    auto describe = [&](auto& result) {
        return lasso::compile_guards<tiny::adapter>(result.guards, result.sources, code.varnames, {}).describe();
    };
    tiny::frame shared;
    const tiny::value list = tiny::make(tiny::list{{num(1)}});
    shared.locals = {list, list};
    auto same = lasso::translator<tiny::adapter>(code, shared).run();
    REQUIRE(same.captured());
    // The read through b sees the store through a.
    CHECK(same.trackers.get_if<lasso::trackers::constant_value>(*same.returned())->value ==
          lasso::constant{std::int64_t{7}});
    CHECK(describe(same).find("L['b'] is L['a']") != std::string::npos);

    tiny::frame distinct;
    distinct.locals = {tiny::make(tiny::list{{num(1)}}), tiny::make(tiny::list{{num(1)}})};
    auto apart = lasso::translator<tiny::adapter>(code, distinct).run();
    REQUIRE(apart.captured());
    CHECK(apart.trackers.get_if<lasso::trackers::constant_value>(*apart.returned())->value ==
          lasso::constant{std::int64_t{1}});
    CHECK(describe(apart).find("L['b'] is not L['a']") != std::string::npos);
    // The first trace's guards reject distinct lists, and the second's one list twice.
    auto shared_program = lasso::compile_guards<tiny::adapter>(same.guards, same.sources, code.varnames, {});
    auto apart_program = lasso::compile_guards<tiny::adapter>(apart.guards, apart.sources, code.varnames, {});
    CHECK(shared_program.check(shared));
    CHECK_FALSE(shared_program.check(distinct));
    CHECK(apart_program.check(distinct));
    CHECK_FALSE(apart_program.check(shared));
}

TEST_CASE("side effects: replay stages only what the final state needs") {
    // l[0] = 7; l[0] = 1; t = [9]; return None      -- l = [1] ends as it began, t dies
    tiny::adapter::code code;
    code.varnames = {"l", "t"};
    code.constants = {num(7), num(0), num(1), num(9), tiny::none()};
    code.bytecode = {C::LDC, 0,       0,      C::LDL, 0,      C::LDC, 1, 0,           C::STSUBSCR, C::LDC,
                     2,      0,       C::LDL, 0,      C::LDC, 1,      0, C::STSUBSCR, C::LDC,      3,
                     0,      C::LIST, 1,      C::STL, 1,      C::LDC, 4, 0,           C::RET};
    tiny::frame frame;
    frame.locals = {tiny::make(tiny::list{{num(1)}}), tiny::value{}};
    auto result = lasso::translator<tiny::adapter>(code, frame).run();
    REQUIRE(result.captured());
    REQUIRE(result.effects.log().size() == 1); // one entry per mutated container
    // Its items changed and changed back: the item stored last is a new constant
    // tracker, so replay rebuilds the one item; the dead list t is not a root.
    const auto roots = lasso::output::return_roots(result);
    REQUIRE(roots.size() == 2);
    CHECK(roots[0] == *result.returned());
    CHECK(result.trackers.get_if<lasso::trackers::constant_value>(roots[1])->value == lasso::constant{std::int64_t{1}});
}
