// The frame entry point on the compact instruction set (tiny runtime made runnable):
// capture, generated code, the cache with and without a per-code slot, recompiles and
// their reasons, the cache size limit, frames that run eagerly, fullgraph, explain and
// logs. The tensors' data is computed by the eager backend, so a wrong graph or wrong
// generated code changes the numbers the tests compare.
#include "runtime_programs.hpp"

#include <doctest/doctest.h>

#include <array>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;
using namespace lasso_test::runtime_programs;

TEST_CASE_TEMPLATE("a captured frame runs its compiled graph, then hits the cache", A, tiny::exec_adapter,
                   tiny::exec_adapter_no_slot) {
    lasso::runtime<A> rt;
    auto code = code_f();
    auto x = vec({1, -5, 3});
    auto y = vec({1, 1, 1});
    auto frame = frame_of(code, x, y);
    A::code_runs = 0;
    A::eager_runs = 0;

    check_f_result(rt.eval_frame(frame), x, {4, 0, 8});
    auto x2 = vec({0, 1, 2});
    auto frame2 = frame_of(code, x2, y);
    check_f_result(rt.eval_frame(frame2), x2, {2, 4, 6});
    // The first call runs the generated code; the cache hit takes the fast path (the
    // compiled graph called with the values the guards read), with the same result.
    CHECK(A::code_runs == 1);
    CHECK(A::eager_runs == 0);
    if constexpr (lasso::HasCodeCacheSlot<A>) CHECK(code->extra != nullptr);

    auto report = rt.report();
    REQUIRE(report.frames.size() == 1);
    const auto& f = report.frames[0];
    CHECK(f.function == "f");
    CHECK(f.calls == 2);
    CHECK(f.cache_hits == 1);
    CHECK(f.cache_entries == 1);
    CHECK(f.recompiles() == 0);
    REQUIRE(f.graphs.size() == 1);
    CHECK(f.graphs[0].ops == 3); // add, relu, mul
    CHECK(f.graphs[0].inputs == 2);
    CHECK(f.graphs[0].outputs == 1); // x is reloaded, 7 is a constant
    CHECK(f.graphs[0].readable.find("relu: f64[3] = relu(add)") != std::string::npos);
    CHECK(f.entry_guards[0].find("tensor L['x']: f64[3]") != std::string::npos);
    CHECK(f.entry_guards[0].find("grad_mode == True") != std::string::npos);
}

TEST_CASE("the cache slot is cleared when the runtime goes away") {
    auto code = code_f();
    {
        lasso::runtime<tiny::exec_adapter> rt;
        auto frame = frame_of(code, vec({1, 2, 3}), vec({1, 1, 1}));
        rt.eval_frame(frame);
        CHECK(code->extra != nullptr);
    }
    CHECK(code->extra == nullptr);
}

TEST_CASE("a new shape recompiles and says which guard failed") {
    lasso::runtime<tiny::exec_adapter> rt;
    auto code = code_f();
    auto frame3 = frame_of(code, vec({1, 2, 3}), vec({1, 1, 1}));
    rt.eval_frame(frame3);
    auto x4 = vec({1, 2, 3, 4});
    auto frame4 = frame_of(code, x4, vec({0, 0, 0, 0}));
    check_f_result(rt.eval_frame(frame4), x4, {2, 4, 6, 8});
    // Both entries stay usable.
    rt.eval_frame(frame3);
    rt.eval_frame(frame4);
    const auto f = rt.report().frames.at(0);
    CHECK(f.cache_entries == 2);
    CHECK(f.recompiles() == 1);
    CHECK(f.cache_hits == 2);
    REQUIRE(f.recompile_reasons.size() == 1);
    CHECK(f.recompile_reasons[0] == "L['x'] is a tensor f64[3], but got a tensor f64[4]");
    CHECK(rt.report().totals().graphs == 2);
}

TEST_CASE("past the cache size limit frames run eagerly, with one warning") {
    std::ostringstream warnings;
    lasso::runtime_options options;
    options.cache_size_limit = 2;
    options.warnings = &warnings;
    lasso::runtime<tiny::exec_adapter> rt(options);
    auto code = code_f();
    tiny::exec_adapter::eager_runs = 0;
    for (int n = 1; n <= 4; ++n) {
        std::vector<double> ones(static_cast<std::size_t>(n), 1.0);
        auto frame = frame_of(code, vec(ones), vec(ones));
        auto result = rt.eval_frame(frame);
        if (n <= 2) CHECK(std::holds_alternative<tiny::tuple>(result->data));
        else CHECK(std::get<std::string>(result->data) == "<eager>");
    }
    CHECK(tiny::exec_adapter::eager_runs == 2);
    CHECK(warnings.str() ==
          "lasso: warning: LB0031 'f' (model.py:3) reached the cache size limit (2); calls that match none of its 2 "
          "entries run eagerly (hint: " +
              std::string(lasso::reasons::cache_limit.hint()) + ")\n");
    const auto f = rt.report().frames.at(0);
    CHECK(f.cache_limit_hit);
    CHECK(f.cache_entries == 2);
    // An input seen before still hits its entry.
    auto again = frame_of(code, vec({5}), vec({1}));
    CHECK(std::holds_alternative<tiny::tuple>(rt.eval_frame(again)->data));
}

TEST_CASE("stances: force_eager, eager_on_recompile, fail_on_recompile; the recompile limit across codes") {
    auto frame_with = [](const auto& code, std::size_t n) {
        std::vector<double> ones(n, 1.0);
        return frame_of(code, vec(ones), vec(ones));
    };
    auto eager = [](const tiny::value& v) {
        return std::holds_alternative<std::string>(v->data) && std::get<std::string>(v->data) == "<eager>";
    };
    CHECK(lasso::parse_stance("eager_on_recompile") == lasso::stance::eager_on_recompile);
    CHECK(lasso::parse_stance("default") == lasso::stance::standard);
    CHECK_FALSE(lasso::parse_stance("eager").has_value());
    lasso::runtime<tiny::exec_adapter> rt;
    const auto code = code_f();
    auto two = frame_with(code, 2), three = frame_with(code, 3);
    rt.set_stance(lasso::stance::force_eager);
    CHECK(eager(rt.eval_frame(two)));
    CHECK(rt.report().frames.empty()); // nothing translated, nothing recorded
    rt.set_stance(lasso::stance::eager_on_recompile);
    CHECK_FALSE(eager(rt.eval_frame(two))); // a first translation still happens
    CHECK(eager(rt.eval_frame(three)));     // a second would be a recompile
    CHECK_FALSE(eager(rt.eval_frame(two))); // the entry still serves
    CHECK(rt.report().frames.at(0).translations == 1);
    CHECK(rt.report().frames.at(0).recompile_reasons.empty());
    rt.set_stance(lasso::stance::fail_on_recompile);
    CHECK_THROWS_WITH_AS(rt.eval_frame(three), doctest::Contains("under the stance fail_on_recompile"),
                         lasso::capture_error);
    CHECK_FALSE(eager(rt.eval_frame(two)));
    rt.set_stance(lasso::stance::standard);
    CHECK_FALSE(eager(rt.eval_frame(three)));
    CHECK(rt.report().frames.at(0).translations == 2);

    std::ostringstream warnings;
    lasso::runtime_options options;
    options.recompile_limit = 1;
    options.warnings = &warnings;
    lasso::runtime<tiny::exec_adapter> limited(options);
    const auto g = code_f(), h = code_f(); // two codes: the limit counts across them
    auto g2 = frame_with(g, 2), g3 = frame_with(g, 3), h2 = frame_with(h, 2), h3 = frame_with(h, 3);
    CHECK_FALSE(eager(limited.eval_frame(g2)));
    CHECK_FALSE(eager(limited.eval_frame(g3))); // the one recompile allowed
    CHECK_FALSE(eager(limited.eval_frame(h2))); // a first translation is no recompile
    CHECK(eager(limited.eval_frame(h3)));
    CHECK(eager(limited.eval_frame(h3)));
    CHECK(warnings.str() ==
          "lasso: warning: LB0032 1 recompiles in all, the limit (1): frames that would be translated "
          "again run eagerly from now on\n");
}

TEST_CASE("a frame entered while captured frames run max_nested_frames deep runs eagerly, and is counted") {
    lasso::runtime_options options;
    options.max_nested_frames = 0; // every frame is entered that deep
    lasso::runtime<tiny::exec_adapter> rt(options);
    auto code = code_f();
    tiny::exec_adapter::eager_runs = 0;
    auto frame = frame_of(code, vec({1, 2}), vec({3, 4}));
    CHECK(std::get<std::string>(rt.eval_frame(frame)->data) == "<eager>");
    CHECK(tiny::exec_adapter::eager_runs == 1);
    const auto f = rt.report().frames.at(0);
    CHECK(f.calls == 1);
    CHECK(f.ran_eagerly_nested == 1);
    CHECK(f.translations == 0);
    CHECK(rt.report().json().find("\"ran_eagerly_nested\": 1") != std::string::npos);
    // One level is enough for a frame that calls no other captured frame.
    lasso::runtime_options one;
    one.max_nested_frames = 1;
    lasso::runtime<tiny::exec_adapter> rt1(one);
    auto other = frame_of(code_f(), vec({1, 2}), vec({3, 4})); // a code of its own
    CHECK(std::holds_alternative<tiny::tuple>(rt1.eval_frame(other)->data));
    CHECK(rt1.report().frames.at(0).ran_eagerly_nested == 0);
}

TEST_CASE("a frame that cannot be captured runs eagerly, and is not translated again for the same inputs") {
    std::ostringstream logs;
    lasso::runtime_options options;
    options.logs.artifacts = lasso::parse_log_artifacts("breaks");
    options.logs.stream = &logs;
    lasso::runtime<tiny::exec_adapter> rt(options);
    auto code = code_with_print();
    tiny::exec_adapter::eager_runs = 0;
    for (int i = 0; i < 3; ++i) {
        auto frame = frame_of(code, vec({1, 2}), nullptr);
        frame.locals.resize(1);
        CHECK(std::get<std::string>(rt.eval_frame(frame)->data) == "<eager>");
    }
    CHECK(tiny::exec_adapter::eager_runs == 3);
    const auto f = rt.report().frames.at(0);
    CHECK(f.translations == 1);
    CHECK(f.cache_hits == 2);
    REQUIRE(f.unsupported.size() == 1);
    CHECK(f.unsupported[0].line == 11);
    CHECK(f.unsupported[0].reason.find("print") != std::string::npos);
    CHECK(rt.report().totals().graph_breaks == 1);
    CHECK(rt.report().totals().frames_captured == 0);
    CHECK(logs.str().find("[lasso:breaks] 'g' (model.py:10) runs eagerly\n") == 0);
}

TEST_CASE("fullgraph turns an unsupported construct into an error naming it") {
    lasso::runtime<tiny::exec_adapter> rt;
    auto frame = frame_of(code_with_print(), vec({1, 2}), nullptr);
    frame.locals.resize(1);
    try {
        rt.eval_frame(frame, {"eager", true});
        FAIL("expected a capture_error");
    } catch (const lasso::capture_error& e) {
        const std::string what = e.what();
        CHECK(what.find("fullgraph capture of 'g' (model.py:10) failed: ") == 0);
        CHECK(what.find("(line 11)") != std::string::npos);
    }
    CHECK_THROWS_WITH_AS(rt.eval_frame(frame, {"no-such-backend", false}),
                         "unknown backend 'no-such-backend' (registered: eager, verify)", lasso::capture_error);
}

TEST_CASE("the verifying backend runs the graph twice and agrees; a wrong backend is caught") {
    lasso::runtime<tiny::exec_adapter> rt;
    auto code = code_f();
    auto x = vec({1, 2, 3});
    auto frame = frame_of(code, x, vec({1, 1, 1}));
    check_f_result(rt.eval_frame(frame, {"verify", false}), x, {4, 6, 8});

    // A backend that computes the wrong thing, checked against the eager graph.
    lasso::runtime<tiny::exec_adapter> checked;
    checked.add_backend("broken",
                        lasso::verifying_backend<tiny::exec_adapter, lasso::backend_function<tiny::exec_adapter>>{
                            [](const auto&, std::span<const tiny::value> inputs) {
                                return lasso::compiled_graph<tiny::value>([n = inputs.size()](std::span<const tiny::value>) {
                                    return std::vector<tiny::value>{vec({0, 0, 0})};
                                });
                            }});
    auto frame2 = frame_of(code, x, vec({1, 1, 1}));
    CHECK_THROWS_AS(checked.eval_frame(frame2, {"broken", false}), lasso::backend_error);
}

TEST_CASE("grad mode is guarded") {
    lasso::runtime<tiny::exec_adapter> rt;
    auto code = code_f();
    auto frame = frame_of(code, vec({1}), vec({1}));
    rt.eval_frame(frame);
    tiny::grad_mode = false;
    rt.eval_frame(frame);
    tiny::grad_mode = true;
    const auto f = rt.report().frames.at(0);
    CHECK(f.recompiles() == 1);
    CHECK(f.recompile_reasons.at(0) == "grad mode is enabled, but it is disabled");
}

TEST_CASE("runtime::disable: the code runs eagerly and is never translated again") {
    lasso::runtime<tiny::exec_adapter> rt;
    auto code = code_f();
    auto frame = frame_of(code, vec({1}), vec({1}));
    CHECK(std::holds_alternative<tiny::tuple>(rt.eval_frame(frame)->data)); // captured: one entry
    CHECK(rt.report().frames.at(0).cache_entries == 1);
    rt.disable(code);
    CHECK(rt.disabled(code));
    tiny::exec_adapter::eager_runs = 0;
    CHECK(std::get<std::string>(rt.eval_frame(frame)->data) == "<eager>");
    CHECK(std::get<std::string>(rt.eval_frame(frame)->data) == "<eager>");
    CHECK(tiny::exec_adapter::eager_runs == 2);
    const auto f = rt.report().frames.at(0);
    CHECK(f.cache_entries == 0); // the entry made before is dropped
    CHECK(f.translations == 1);  // and no new one is made
    CHECK(f.calls == 3);
    // Disabled before its first call: no record at all.
    lasso::runtime<tiny::exec_adapter> fresh;
    fresh.disable(code);
    auto again = frame_of(code, vec({1}), vec({1}));
    CHECK(std::get<std::string>(fresh.eval_frame(again)->data) == "<eager>");
    CHECK(fresh.report().frames.empty());
}

TEST_CASE("explain: text and JSON") {
    lasso::runtime<tiny::exec_adapter> rt;
    auto code = code_f();
    auto frame = frame_of(code, vec({1}), vec({1}));
    rt.eval_frame(frame);
    auto bad = frame_of(code_with_print(), vec({1}), nullptr);
    bad.locals.resize(1);
    rt.eval_frame(bad);
    const auto report = rt.report();
    const std::string json = report.json();
    // The header: the adapter's features.
    CHECK(json.rfind("{\"features\": [\"template_constants\", \"code_cache_slot\", \"inlining\"], \"frames\": [", 0) == 0);
    CHECK(report.text().find("\nadapter features: template_constants, code_cache_slot, inlining\n") != std::string::npos);
    CHECK(json.find("\"totals\": {\"graphs\": 1, \"graph_breaks\": 1, \"ops\": 3, \"subgraph_ops\": 0, \"recompiles\": 0, "
                    "\"frames_captured\": 1}") != std::string::npos);
    CHECK(json.find("{\"function\": \"f\", \"filename\": \"model.py\", \"first_line\": 3, \"calls\": 1, "
                    "\"cache_hits\": 0, \"graphs\": [{\"ops\": 3, \"subgraph_ops\": 0, \"inputs\": 2, \"outputs\": 1, "
                    "\"readable\": \"graph(") != std::string::npos);
    // The graph as printed and the entry's guards, one string each (newlines escaped).
    CHECK(json.find("    relu: f64[1] = relu(add)\\u000a") != std::string::npos);
    CHECK(json.find("}], \"unsupported\": [], \"breaks\": [], \"cache_entries\": 1, \"entry_guards\": [\"") !=
          std::string::npos);
    // The id and hint beside the message (the tiny adapter makes no resume functions:
    // the message says why no graph break was made, with that reason's id).
    CHECK(json.find("\"unsupported\": [{\"id\": \"LB0001\", \"reason\": \"call of print() (no graph break: LB0017 ") !=
          std::string::npos);
    CHECK(json.find("\"line\": 11, \"hint\": \"" + std::string(lasso::reasons::builtin_call.hint()) + "\"}") !=
          std::string::npos);
    CHECK(json.find("\"recompile_ids\": [], \"limit_ids\": []") != std::string::npos);
    const std::string text = report.text();
    CHECK(text.find("== f (model.py:3): 1 call, 0 cache hits, 1 cache entry\n") != std::string::npos);
    CHECK(text.find("    relu: f64[1] = relu(add)\n") != std::string::npos);
    CHECK(text.find("-- not captured: LB0001 call of print() (no graph break: LB0017 ") != std::string::npos);
    CHECK(text.find("(line 11)\n   hint: " + std::string(lasso::reasons::builtin_call.hint()) + "\n") != std::string::npos);
    CHECK(text.find("(line 11)") != std::string::npos);
}

TEST_CASE("log artifacts") {
    CHECK(lasso::parse_log_artifacts("graph, guards").has(lasso::log_artifact::guards));
    CHECK_FALSE(lasso::parse_log_artifacts("graph").has(lasso::log_artifact::bytecode));
    CHECK(lasso::parse_log_artifacts("all").has(lasso::log_artifact::recompiles));
    CHECK_THROWS_WITH_AS(lasso::parse_log_artifacts("graph,grpah"),
                         "unknown log artifact 'grpah' (known: graph, guards, bytecode, breaks, recompiles, all)",
                         std::invalid_argument);

    std::ostringstream logs;
    lasso::runtime_options options;
    options.logs.artifacts = lasso::parse_log_artifacts("graph,guards,bytecode");
    options.logs.stream = &logs;
    lasso::runtime<tiny::exec_adapter> rt(options);
    auto frame = frame_of(code_f(), vec({1}), vec({1}));
    rt.eval_frame(frame);
    const std::string out = logs.str();
    CHECK(out.find("[lasso:graph] graph 0 of 'f' (model.py:3)\ngraph(l_x_: f64[1], l_y_: f64[1]):\n") == 0);
    CHECK(out.find("[lasso:guards] guards of 'f' (model.py:3)\n") != std::string::npos);
    CHECK(out.find("[lasso:bytecode] generated code of 'f' (model.py:3)\n") != std::string::npos);
    // The listing itself: the graph's one output stored as it comes back (no UNPACK).
    CHECK(out.find("(__lasso_out_0)") != std::string::npos);
    CHECK(out.find("UNPACK") == std::string::npos);
}

TEST_CASE("a frame with no tensor operation compiles no graph and returns its inputs as they are") {
    // def k(x, y): return (y, x)
    lasso::bytecode::code_fields<tiny::value> fields;
    fields.name = "k";
    fields.argcount = 2;
    fields.varnames = {"x", "y"};
    fields.bytecode = {C::LDL, 1, C::LDL, 0, C::TUPLE, 2, C::RET};
    auto code = tiny::exec_adapter::make_code(std::move(fields));
    lasso::runtime<tiny::exec_adapter> rt;
    auto x = vec({1});
    auto y = vec({2});
    auto frame = frame_of(code, x, y);
    auto result = rt.eval_frame(frame);
    const auto& items = std::get<tiny::tuple>(result->data).items;
    CHECK(items.at(0) == y);
    CHECK(items.at(1) == x);
    const auto report = rt.report();
    CHECK(report.totals().graphs == 0);
    CHECK(report.totals().frames_captured == 1);
}

TEST_CASE("a return value the fast path cannot build runs the generated code on every hit") {
    // def k(x): return [x + x]   -- a new list each call
    lasso::bytecode::code_fields<tiny::value> fields;
    fields.name = "k";
    fields.argcount = 1;
    fields.varnames = {"x"};
    fields.bytecode = {C::LDL, 0, C::LDL, 0, C::BINOP, 0, C::LIST, 1, C::RET};
    auto code = tiny::exec_adapter::make_code(std::move(fields));
    lasso::runtime<tiny::exec_adapter> rt;
    tiny::exec_adapter::code_runs = 0;
    for (double d : {1.0, 2.0, 3.0}) {
        auto frame = frame_of(code, vec({d}), nullptr);
        frame.locals.resize(1);
        auto result = rt.eval_frame(frame);
        CHECK(data_of(std::get<tiny::list>(result->data).items.at(0)) == std::vector<double>{2 * d});
    }
    CHECK(tiny::exec_adapter::code_runs == 3);
    CHECK(rt.report().frames.at(0).cache_hits == 2);
}

TEST_CASE("calls of interpreted functions are inlined on the compact set; a callee that cannot be is named") {
    // def scale(v, k=3): return v * k
    const auto scale = code_of("scale", 2, {"v", "k"}, {}, {C::LDL, 0, C::LDL, 1, C::BINOP, 5, C::RET});
    // def f(x, y): return scale(x) + y
    const auto f = code_of("f", 2, {"x", "y"}, {"scale"},
                           {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::CALL, 1, C::LDL, 1, C::BINOP, 0, C::RET});
    tiny::exec_frame frame = frame_of(f, vec({1, 2}), vec({10, 20}));
    frame.globals["scale"] =
        tiny::make(tiny::function{"scale", scale, &frame.globals, tiny::make(tiny::tuple{{tiny::make(std::int64_t{3})}})});
    lasso::runtime<tiny::exec_adapter> rt;
    const tiny::value result = rt.eval_frame(frame);
    CHECK(data_of(result) == std::vector<double>{13, 26});
    const auto report = rt.report();
    REQUIRE(report.frames.size() == 1);
    REQUIRE(report.frames[0].graphs.size() == 1);
    CHECK(report.frames[0].graphs[0].ops == 2); // mul (the default, guarded), add
    CHECK(report.frames[0].entry_guards.at(0).find("G['scale'].__defaults__[0] == 3") != std::string::npos);

    // def noisy(v): print(v); return v      -- f calls it: not inlined, with the reason
    const auto noisy =
        code_of("noisy", 1, {"v"}, {"print"}, {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::CALL, 1, C::POP, C::LDL, 0, C::RET});
    const auto g = code_of("g", 2, {"x", "y"}, {"noisy"},
                           {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::CALL, 1, C::LDL, 1, C::BINOP, 0, C::RET});
    tiny::exec_frame other = frame_of(g, vec({1, 2}), vec({10, 20}));
    other.globals["noisy"] = tiny::make(tiny::function{"noisy", noisy, &other.globals, nullptr});
    const int eager_before = tiny::exec_adapter::eager_runs;
    (void)rt.eval_frame(other); // no graph breaks in the exec runtime: the frame runs eagerly
    CHECK(tiny::exec_adapter::eager_runs == eager_before + 1);
    bool named = false;
    for (const auto& fr : rt.report().frames)
        for (const auto& u : fr.unsupported)
            named = named || u.reason.find("call of function 'noisy' (not inlined: call of print(), line 1)") == 0;
    CHECK(named);
}

TEST_CASE("a graph break inside inlined calls on the compact set: the rest of every frame is one more graph") {
    using A = tiny::exec_adapter_resumable;
    // def helper(v): w = v * v; print(); return w + v
    const auto helper = code_of("helper", 1, {"v", "w"}, {"print"},
                                {C::LDL, 0,       C::LDL, 0,      C::BINOP, 5, C::STL, 1, C::PUSHNULL, C::LDG, 0,
                                 0,      C::CALL, 0,      C::POP, C::LDL,   1, C::LDL, 0, C::BINOP,    0,      C::RET});
    // def mid(v): return helper(v) + v
    const auto mid = code_of("mid", 1, {"v"}, {"helper"},
                             {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::CALL, 1, C::LDL, 0, C::BINOP, 0, C::RET});
    // def f(x, y): return mid(x + y) * y
    const auto f =
        code_of("f", 2, {"x", "y"}, {"mid"},
                {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::LDL, 1, C::BINOP, 0, C::CALL, 1, C::LDL, 1, C::BINOP, 5, C::RET});
    int prints = 0;
    A::host_functions()["print"] = [&](std::span<const tiny::value>) {
        ++prints;
        return tiny::make(std::string("None"));
    };
    lasso::runtime<A> rt;
    A::call_function = [&](tiny::exec_frame& called) { return rt.eval_frame(called); };
    // One module: the same function objects, and globals that frames share by identity.
    const int module = 0;
    const tiny::value helper_fn = tiny::make(tiny::function{"helper", helper, &module, nullptr});
    const tiny::value mid_fn = tiny::make(tiny::function{"mid", mid, &module, nullptr});
    auto run = [&](std::vector<double> x, std::vector<double> y) {
        tiny::exec_frame frame = frame_of(f, vec(x), vec(y));
        frame.globals_identity = &module;
        frame.globals["helper"] = helper_fn;
        frame.globals["mid"] = mid_fn;
        return data_of(rt.eval_frame(frame));
    };
    // v = x + y; helper: v * v + v; mid: + v; f: * y
    CHECK(run({1, 2}, {10, 20}) == std::vector<double>{1430, 10560});
    CHECK(prints == 1);
    CHECK(A::eager_runs == 0);
    auto report = rt.report();
    REQUIRE(report.frames.size() == 2);
    const auto& frame = report.frames[0];
    CHECK(frame.function == "f");
    REQUIRE(frame.graphs.size() == 1);
    CHECK(frame.graphs[0].ops == 2); // x + y, v * v: everything before the print, across the three frames
    REQUIRE(frame.breaks.size() == 1);
    CHECK(frame.breaks[0].reason == "call of print() (in an inlined call: f line 1 > mid line 1 > helper line 1)");
    const auto& resumed = report.frames[1];
    CHECK(resumed.function == "resume_in_f_at_1_via_helper_at_1");
    REQUIRE(resumed.graphs.size() == 1);
    CHECK(resumed.graphs[0].ops == 3); // w + v, + v, * y: the rest of helper, mid and f in one graph
    CHECK(resumed.breaks.empty());
    CHECK(resumed.unsupported.empty());
    // The outer frames' resume codes are nested ones; the inner frames' are plain.
    CHECK(rt.resume_code_count() == 3);

    // Again, with other values: both frames hit their cache entries; nothing new is made.
    CHECK(run({0, 1}, {2, 3}) == std::vector<double>{16, 72});
    CHECK(prints == 2);
    report = rt.report();
    CHECK(report.frames[0].cache_hits == 1);
    CHECK(report.frames[1].cache_hits == 1);
    CHECK(rt.resume_code_count() == 3);
    CHECK(A::eager_runs == 0);
    A::call_function = nullptr;
    A::host_functions().erase("print");
}

TEST_CASE("the HTML report escapes what it shows, marks break lines and embeds the SVG it is given") {
    lasso::explain_report report;
    report.features = {"inlining"};
    lasso::frame_record f;
    f.function = "f<1>";
    f.filename = "f.py";
    f.first_line = 2;
    f.calls = 2;
    f.translations = 2;
    f.graphs.push_back({1, 0, 1, 1, "graph(l_x_: f64[2]):\n    mul = mul(l_x_, 2)\n", "digraph { a -> b }"});
    f.breaks.push_back({"call of print() & <more>", 4});
    f.recompile_reasons.push_back("L['x'] is a tensor f64[2], but got a tensor i64[2]");
    f.entry_guards = {"tensor L['x']: f64[2]\n"};
    f.generated_code = {"  2   0 RESUME 0\n"};
    report.frames.push_back(f);
    lasso::html_report_options options;
    options.source_lines = [](const std::string& file) {
        CHECK(file == "f.py");
        return std::vector<std::string>{"x = 1", "def f(x):", "    y = x * 2", "    print(y)", "    return y", "z = 2"};
    };
    std::string dot_seen;
    options.dot_to_svg = [&dot_seen](const std::string& dot) -> std::optional<std::string> {
        dot_seen = dot;
        return std::string("<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg><g/></svg>\n");
    };
    const std::string page = lasso::html_report(report, options);
    CHECK(dot_seen == "digraph { a -> b }");
    CHECK(page.find("<div class=\"picture\"><svg><g/></svg></div>") != std::string::npos); // prolog dropped
    CHECK(page.find("<?xml") == std::string::npos);
    CHECK(page.find("<h2>f&lt;1&gt; <span class=\"where\">f.py:2</span></h2>") != std::string::npos);
    CHECK(page.find("call of print() &amp; &lt;more&gt;") != std::string::npos);
    CHECK(page.find("1 captured function, 1 graph, 1 op, 1 graph break, 1 recompile") != std::string::npos);
    // The function's lines (2 to 5: the def's block), line 4 marked; not the lines around.
    CHECK(page.find("    4      print(y)</span>") != std::string::npos);
    CHECK(page.find("x = 1") == std::string::npos);
    CHECK(page.find("z = 2") == std::string::npos);
    CHECK(page.find("Generated code 0") != std::string::npos);
    SUBCASE("without SVG the graph is its listing alone") {
        options.dot_to_svg = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
        const std::string plain = lasso::html_report(report, options);
        CHECK(plain.find("<svg") == std::string::npos);
        CHECK(plain.find("mul = mul(l_x_, 2)") != std::string::npos);
    }
}
