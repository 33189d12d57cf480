// Subgraphs of higher-order operators on the compact instruction set: the lifting of
// outer values into a region's subgraph on a hand-built graph, and `cond` traced by
// the translator with values of the frame lifted two levels deep (through a cond in a
// branch of a cond).
#include "runtime_programs.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;
using lasso_test::runtime_programs::code_of;
using lasso_test::runtime_programs::vec;

TEST_CASE("a region's outer reads are lifted in first-use order, and the region leaves the frame's graph") {
    lasso::graph::graph<tiny::tensor_meta> g;
    const tiny::tensor_meta m{"f64", {2}};
    const auto x = g.add_placeholder("L['x']", m);
    const auto w = g.add_placeholder("G['w']", m);
    const auto before = g.add_call_function("neg", {x}, {}, m);
    lasso::output::graph_region region;
    region.first = g.checkpoint();
    const auto operand = g.add_placeholder("__operand", m);
    region.operands = {operand};
    const auto late = g.add_placeholder("G['late']", m); // an input first read inside the region
    const auto mul = g.add_call_function("mul", {operand, w}, {}, m);
    const auto add = g.add_call_function("add", {mul, before}, {}, m);
    const auto result = g.add_call_function("sub", {add, late}, {}, m);
    region.results = {result};

    const auto lifted = lasso::output::lifted_reads(g, region);
    REQUIRE(lifted.size() == 3);
    CHECK(lifted[0] == w);
    CHECK(lifted[1] == before);
    CHECK(lifted[2] == late);
    const auto sub = lasso::output::extract_subgraph(g, region, lifted);
    CHECK(lasso::graph::print_readable(sub) ==
          "graph(arg0: f64[2], g_w_: f64[2], neg: f64[2], g_late_: f64[2]):\n"
          "    mul: f64[2] = mul(arg0, g_w_)\n"
          "    add: f64[2] = add(mul, neg)\n"
          "    sub: f64[2] = sub(add, g_late_)\n"
          "    return (sub,)\n");
    sub.lint();
    lasso::output::erase_region(g, region);
    g.lint();
    CHECK(g.call_count() == 1);          // neg
    CHECK(g.placeholders().size() == 3); // x, w and late: the operand is gone, the input read inside stays
}

TEST_CASE("cond in a branch of cond: globals read two levels deep are lifted through both subgraphs") {
    // def inner_yes(b): return b * w          def inner_no(b): return b + b
    // def outer(a): return cond(q, inner_yes, inner_no, (a,))
    // def minus(a): return -a
    // def f(x, p): return cond(p, outer, minus, (x,))
    const auto inner_yes = code_of("inner_yes", 1, {"b"}, {"w"}, {C::LDL, 0, C::LDG, 0, 0, C::BINOP, 5, C::RET});
    const auto inner_no = code_of("inner_no", 1, {"b"}, {}, {C::LDL, 0, C::LDL, 0, C::BINOP, 0, C::RET});
    const auto outer = code_of(
        "outer", 1, {"a"}, {"cond", "q", "inner_yes", "inner_no"},
        {C::PUSHNULL, C::LDG, 0, 0, C::LDG, 1, 0, C::LDG, 2, 0, C::LDG, 3, 0, C::LDL, 0, C::TUPLE, 1, C::CALL, 4, C::RET});
    const auto minus = code_of("minus", 1, {"a"}, {}, {C::LDL, 0, C::NEG, C::RET});
    const auto f = code_of(
        "f", 2, {"x", "p"}, {"cond", "outer", "minus"},
        {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 1, C::LDG, 1, 0, C::LDG, 2, 0, C::LDL, 0, C::TUPLE, 1, C::CALL, 4, C::RET});
    tiny::exec_frame frame;
    frame.code = f;
    frame.locals = {vec({1, 2}), vec({1})};
    frame.globals["cond"] = tiny::make(tiny::builtin_fn{"cond"});
    frame.globals["q"] = vec({0});
    frame.globals["w"] = vec({3, 4});
    for (const auto& [name, code] : {std::pair{"inner_yes", inner_yes}, std::pair{"inner_no", inner_no},
                                     std::pair{"outer", outer}, std::pair{"minus", minus}})
        frame.globals[name] = tiny::make(tiny::function{name, code, &frame.globals, nullptr});

    auto result = lasso::translator<tiny::exec_adapter>(f, frame).run();
    REQUIRE_MESSAGE(result.captured(), result.reason());
    lasso::output::finalize_graph(result);
    result.graph.lint();
    // The inner cond and getitem were made in the frame's graph first and taken out
    // (their names stay taken there: cond_1, getitem_1).
    CHECK(lasso::graph::print_readable(result.graph) ==
          "graph(l_p_: f64[1], l_x_: f64[2], g_q_: f64[1], g_w_: f64[2]):\n"
          "    cond_1 = cond(l_p_, l_x_, g_q_, g_w_)\n"
          "        graph(arg0: f64[2], g_q_: f64[1], g_w_: f64[2]):\n"
          "            cond = cond(g_q_, arg0, g_w_)\n"
          "                graph(arg0: f64[2], g_w_: f64[2]):\n"
          "                    mul: f64[2] = mul(arg0, g_w_)\n"
          "                    return (mul,)\n"
          "                graph(arg0: f64[2], g_w_: f64[2]):\n"
          "                    add: f64[2] = add(arg0, arg0)\n"
          "                    return (add,)\n"
          "            getitem: f64[2] = getitem(cond, 0)\n"
          "            return (getitem,)\n"
          "        graph(arg0: f64[2], g_q_: f64[1], g_w_: f64[2]):\n"
          "            neg: f64[2] = neg(arg0)\n"
          "            return (neg,)\n"
          "    getitem_1: f64[2] = getitem(cond_1, 0)\n"
          "    return (getitem_1,)\n");
    CHECK(result.graph.call_count() == 2);
    CHECK(result.graph.subgraph_call_count() == 5); // cond, getitem, mul, add, neg

    // The DOT export draws each subgraph as a cluster under its node.
    const std::string dot = lasso::graph::to_dot(result.graph, "f");
    CHECK(dot.find("subgraph \"cluster_cond_1.0.\"") != std::string::npos);
    CHECK(dot.find("subgraph \"cluster_cond_1.0.cond.1.\"") != std::string::npos);
    CHECK(dot.find("\"cond_1.1.neg\"") != std::string::npos);
}

TEST_CASE("a branch that writes to a global is no cond node: the call is unsupported, with the reason") {
    // def yes(a): G = a; return a      def no(a): return a
    const auto yes = code_of("yes", 1, {"a"}, {"G"}, {C::LDL, 0, C::STG, 0, 0, C::LDL, 0, C::RET});
    const auto no = code_of("no", 1, {"a"}, {}, {C::LDL, 0, C::RET});
    const auto f = code_of(
        "f", 2, {"x", "p"}, {"cond", "yes", "no"},
        {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 1, C::LDG, 1, 0, C::LDG, 2, 0, C::LDL, 0, C::TUPLE, 1, C::CALL, 4, C::RET});
    tiny::exec_frame frame;
    frame.code = f;
    frame.locals = {vec({1, 2}), vec({1})};
    frame.globals["cond"] = tiny::make(tiny::builtin_fn{"cond"});
    frame.globals["yes"] = tiny::make(tiny::function{"yes", yes, &frame.globals, nullptr});
    frame.globals["no"] = tiny::make(tiny::function{"no", no, &frame.globals, nullptr});
    auto result = lasso::translator<tiny::exec_adapter>(f, frame).run();
    REQUIRE_FALSE(result.captured());
    CHECK(result.reason() ==
          "LB0021 cond's true_fn changes something outside it (the functions of higher-order "
          "operators must not)");
    CHECK(result.breaks());
}

TEST_CASE("under fullgraph, a branch that cannot be a subgraph is an error naming the reason") {
    // def yes(a): print(a); return a      def no(a): return a
    // def f(x, p): return cond(p, yes, no, (x,))
    const auto yes =
        code_of("yes", 1, {"a"}, {"print"}, {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::CALL, 1, C::POP, C::LDL, 0, C::RET});
    const auto no = code_of("no", 1, {"a"}, {}, {C::LDL, 0, C::RET});
    const auto f = code_of(
        "f", 2, {"x", "p"}, {"cond", "yes", "no"},
        {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 1, C::LDG, 1, 0, C::LDG, 2, 0, C::LDL, 0, C::TUPLE, 1, C::CALL, 4, C::RET});
    tiny::exec_frame frame;
    frame.code = f;
    frame.locals = {vec({1, 2}), vec({1})};
    frame.globals["cond"] = tiny::make(tiny::builtin_fn{"cond"});
    frame.globals["print"] = tiny::make(tiny::builtin_fn{"print"});
    frame.globals["yes"] = tiny::make(tiny::function{"yes", yes, &frame.globals, nullptr});
    frame.globals["no"] = tiny::make(tiny::function{"no", no, &frame.globals, nullptr});
    lasso::runtime<tiny::exec_adapter> rt;
    try {
        rt.eval_frame(frame, {"eager", true});
        FAIL("expected a capture_error");
    } catch (const lasso::capture_error& e) {
        const std::string what = e.what();
        CHECK(what.find("fullgraph capture of 'f' (helpers.py:1) failed: LB0001 cond's true_fn cannot be captured: call of "
                        "function 'yes' (not inlined: call of print(), line 1)") == 0);
    }
}
