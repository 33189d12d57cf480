// The code lasso generates, on the minimal adapter (examples/minimal_adapter): what the
// frame's code becomes at a graph break (the graph call, the break instruction run by
// the interpreter, the locals and the stack handed to a resume function), at a break
// inside inlined calls (a nested resume function per frame), for a value the trace made
// that outlives it (a list rebuilt from a graph output and a constant; a tracker type of
// the user's Config, rebuilt by its own `rebuild`), and for side effects replayed after
// the graph (stores to globals). Each expected listing is the `bytecode` log artifact,
// read instruction by instruction against the source function in the comment above it;
// the frames are then run, so a listing that computed something else would also fail on
// the numbers.
#include "cache_exec_adapter.hpp"
#include "localsplus_exec_adapter.hpp"
#include "tiny_exec.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;
using A = tiny::exec_adapter_resumable;

namespace {
tiny::value vec(std::vector<double> data) {
    const auto n = static_cast<std::int64_t>(data.size());
    return tiny::make(tiny::tensor{{"f64", {n}}, std::move(data)});
}
const std::vector<double>& data_of(const tiny::value& v) { return std::get<tiny::tensor>(v->data).data; }

std::shared_ptr<tiny::exec_code> code_of(std::string name, int argcount, std::vector<std::string> varnames,
                                         std::vector<std::string> names, std::vector<tiny::value> constants,
                                         std::vector<std::uint8_t> bytes) {
    lasso::bytecode::code_fields<tiny::value> code;
    code.name = std::move(name);
    code.filename = "model.py";
    code.argcount = argcount;
    code.varnames = std::move(varnames);
    code.names = std::move(names);
    code.constants = std::move(constants);
    code.bytecode = std::move(bytes);
    code.line_table = {{0, {1, 1, 0, 1}}};
    return A::make_code(std::move(code));
}

/// A runtime of adapter `R` (and translator Config `Config`) that logs the code it
/// generates, with print() as a host function that counts its calls, and calls of
/// interpreted functions going through the runtime.
template <class R, class Config = lasso::default_config<R>> struct basic_logged_runtime {
    std::ostringstream logs;
    int prints = 0;
    std::unique_ptr<lasso::runtime<R, Config>> rt;
    tiny::value print = tiny::make(tiny::builtin_fn{"print"});

    basic_logged_runtime() {
        lasso::runtime_options options;
        options.logs.artifacts = lasso::parse_log_artifacts("bytecode");
        options.logs.stream = &logs;
        rt = std::make_unique<lasso::runtime<R, Config>>(options);
        R::host_functions()["print"] = [this](std::span<const tiny::value>) {
            ++prints;
            return tiny::make(std::string("None"));
        };
        R::call_function = [this](tiny::exec_frame& called) { return rt->eval_frame(called); };
    }
    ~basic_logged_runtime() {
        R::call_function = nullptr;
        R::host_functions().erase("print");
    }
    tiny::exec_frame frame(std::shared_ptr<tiny::exec_code> code, std::vector<tiny::value> locals) const {
        tiny::exec_frame f;
        f.code = std::move(code);
        for (auto& v : locals) f.locals.emplace_back(std::move(v));
        f.globals["print"] = print;
        return f;
    }
    /// The `nth` listing logged under `title` (from 0), up to the next log entry.
    std::string listing(const std::string& title, int nth = 0) const {
        const std::string all = logs.str();
        const std::string head = "[lasso:bytecode] " + title + " (model.py:1)\n";
        auto start = all.find(head);
        for (int k = 0; k < nth && start != std::string::npos; ++k) start = all.find(head, start + 1);
        if (start == std::string::npos) return "(no listing '" + title + "')";
        const auto body = start + head.size();
        return all.substr(body, all.find("[lasso:", body) - body);
    }
};
using logged_runtime = basic_logged_runtime<A>;
} // namespace

TEST_CASE("the code generated at a graph break: the graph, the break instruction, a resume function") {
    // def f(x, y):
    //     a = x + y
    //     print()
    //     return a * y
    const auto f = code_of("f", 2, {"x", "y", "a"}, {"print"}, {},
                           {C::LDL, 0,       C::LDL, 1,      C::BINOP, 0, C::STL, 2, C::PUSHNULL, C::LDG, 0,
                            0,      C::CALL, 0,      C::POP, C::LDL,   2, C::LDL, 1, C::BINOP,    5,      C::RET});
    logged_runtime run;
    auto frame = run.frame(f, {vec({1, 2}), vec({3, 4})});
    CHECK(data_of(run.rt->eval_frame(frame)) == std::vector<double>{12, 24});
    CHECK(run.prints == 1);
    // The graph (x + y) is called with the inputs; its one output is `a`, stored before
    // the break instruction runs as the interpreter's own (NULL, print, CALL 0). The
    // instruction after the break pops print's result unread, so the code pops it
    // here (POP) and the resume function gets the live locals alone (y, a: x is dead
    // after the break).
    CHECK(run.listing("generated code of 'f'") ==
          "   1            0 PUSHNULL\n"
          "                1 LDC                         0 (<builtin_function_or_method>)\n"
          "                4 LDL                         0 (x)\n"
          "                6 LDL                         1 (y)\n"
          "                8 CALL                        2\n"
          "               10 STL                         3 (__lasso_out_0)\n"
          "               12 PUSHNULL\n"
          "               13 LDG                         0 (print)\n"
          "               16 LDL                         3 (__lasso_out_0)\n"
          "               18 STL                         2 (a)\n"
          "               20 CALL                        0\n"
          "               22 POP\n"
          "               23 PUSHNULL\n"
          "               24 LDC                         1 (<function>)\n"
          "               27 LDL                         1 (y)\n"
          "               29 LDL                         2 (a)\n"
          "               31 CALL                        2\n"
          "               33 RET\n");
    // The resume function is f's own code behind a prologue: None pushed for the POP
    // of print's result (a constant appended to f's none), a jump to that POP. Its
    // locals are the live ones, then the rest: y 0, a 1, x 2.
    CHECK(run.listing("resume function of 'f'") ==
          "   1            0 LDC                         0 (None)\n"
          "                3 GOTO                       20 (to 20)\n"
          "                6 LDL                         2 (x)\n"
          "                8 LDL                         0 (y)\n"
          "               10 BINOP                       0 (+)\n"
          "               12 STL                         1 (a)\n"
          "               14 PUSHNULL\n"
          "               15 LDG                         0 (print)\n"
          "               18 CALL                        0\n"
          "         >>    20 POP\n"
          "               21 LDL                         1 (a)\n"
          "               23 LDL                         0 (y)\n"
          "               25 BINOP                       5 (*)\n"
          "               27 RET\n");
    // Captured in turn: one graph (a * y, after the None constant), its output returned.
    CHECK(run.listing("generated code of 'resume_in_f_at_1'") ==
          "   1            0 PUSHNULL\n"
          "                1 LDC                         1 (<builtin_function_or_method>)\n"
          "                4 LDL                         1 (a)\n"
          "                6 LDL                         0 (y)\n"
          "                8 CALL                        2\n"
          "               10 STL                         3 (__lasso_out_0)\n"
          "               12 LDL                         3 (__lasso_out_0)\n"
          "               14 RET\n");
}

TEST_CASE("the code generated for a list the trace made that lives across a graph break") {
    // def f(x):
    //     l = [x + 1, 3]
    //     print()
    //     return l
    const auto f = code_of("f", 1, {"x", "l"}, {"print"}, {tiny::make(std::int64_t{1}), tiny::make(std::int64_t{3})},
                           {C::LDL, 0, C::LDC,      0,      0, C::BINOP, 0,       C::LDC, 1,      0,      C::LIST, 2,
                            C::STL, 1, C::PUSHNULL, C::LDG, 0, 0,        C::CALL, 0,      C::POP, C::LDL, 1,       C::RET});
    logged_runtime run;
    auto frame = run.frame(f, {vec({1, 2})});
    const tiny::value result = run.rt->eval_frame(frame);
    const auto& items = std::get<tiny::list>(result->data).items;
    REQUIRE(items.size() == 2);
    CHECK(data_of(items[0]) == std::vector<double>{2, 3});
    CHECK(std::get<std::int64_t>(items[1]->data) == 3);
    // The list is made again from its parts, the graph's output and the constant 3, and
    // stored in `l` before the break instruction; the resume function gets it.
    CHECK(run.listing("generated code of 'f'") ==
          "   1            0 PUSHNULL\n"
          "                1 LDC                         2 (<builtin_function_or_method>)\n"
          "                4 LDL                         0 (x)\n"
          "                6 CALL                        1\n"
          "                8 STL                         2 (__lasso_out_0)\n"
          "               10 PUSHNULL\n"
          "               11 LDG                         0 (print)\n"
          "               14 LDL                         2 (__lasso_out_0)\n"
          "               16 LDC                         1 (3)\n"
          "               19 LIST                        2\n"
          "               21 STL                         1 (l)\n"
          "               23 CALL                        0\n"
          "               25 POP\n"
          "               26 PUSHNULL\n"
          "               27 LDC                         3 (<function>)\n"
          "               30 LDL                         1 (l)\n"
          "               32 CALL                        1\n"
          "               34 RET\n");
    // No tensor operation is left: the resume function's code returns the list as it is
    // (its one argument, print's result popped before the call).
    CHECK(run.listing("generated code of 'resume_in_f_at_1'") ==
          "   1            0 LDL                         0 (l)\n"
          "                2 RET\n");
}

TEST_CASE("the code generated at a graph break inside inlined calls: a nested resume function per frame") {
    // def helper(v): w = v * v; print(); return w + v
    const auto helper = code_of("helper", 1, {"v", "w"}, {"print"}, {},
                                {C::LDL, 0,       C::LDL, 0,      C::BINOP, 5, C::STL, 1, C::PUSHNULL, C::LDG, 0,
                                 0,      C::CALL, 0,      C::POP, C::LDL,   1, C::LDL, 0, C::BINOP,    0,      C::RET});
    // def f(x, y): return helper(x + y) * y
    const auto f =
        code_of("f", 2, {"x", "y"}, {"helper"}, {},
                {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::LDL, 1, C::BINOP, 0, C::CALL, 1, C::LDL, 1, C::BINOP, 5, C::RET});
    logged_runtime run;
    const int module = 0;
    const tiny::value helper_fn = tiny::make(tiny::function{"helper", helper, &module, nullptr});
    auto frame = run.frame(f, {vec({1, 2}), vec({10, 20})});
    frame.globals_identity = &module;
    frame.globals["helper"] = helper_fn;
    // v = x + y = (11, 22); w + v = (132, 506); * y
    CHECK(data_of(run.rt->eval_frame(frame)) == std::vector<double>{1320, 10120});
    CHECK(run.prints == 1);
    // One graph for everything before the print, across both frames: x + y (helper's v)
    // and v * v (its w). helper's locals are stored under names of their own; then the
    // break instruction, whose result (print's) is popped at once, as helper's next
    // instruction would; then f's resume function is called with f's live local (y),
    // helper's resume function, and what that one needs: helper's locals.
    CHECK(run.listing("generated code of 'f'") ==
          "   1            0 PUSHNULL\n"
          "                1 LDC                         0 (<builtin_function_or_method>)\n"
          "                4 LDL                         0 (x)\n"
          "                6 LDL                         1 (y)\n"
          "                8 CALL                        2\n"
          "               10 UNPACK                      2\n"
          "               12 STL                         2 (__lasso_out_0)\n"
          "               14 STL                         3 (__lasso_out_1)\n"
          "               16 LDL                         2 (__lasso_out_0)\n"
          "               18 STL                         4 (__lasso_frame1_v)\n"
          "               20 LDL                         3 (__lasso_out_1)\n"
          "               22 STL                         5 (__lasso_frame1_w)\n"
          "               24 PUSHNULL\n"
          "               25 LDG                         1 (print)\n"
          "               28 CALL                        0\n"
          "               30 POP\n"
          "               31 PUSHNULL\n"
          "               32 LDC                         1 (<function>)\n"
          "               35 LDL                         1 (y)\n"
          "               37 LDC                         2 (<function>)\n"
          "               40 LDL                         4 (__lasso_frame1_v)\n"
          "               42 LDL                         5 (__lasso_frame1_w)\n"
          "               44 CALL                        4\n"
          "               46 RET\n");
    // helper's resume function: its own code, after the break (w + v), None pushed
    // for the POP of print's result.
    CHECK(run.listing("resume function of 'f'", 0) ==
          "   1            0 LDC                         0 (None)\n"
          "                3 GOTO                       20 (to 20)\n"
          "                6 LDL                         0 (v)\n"
          "                8 LDL                         0 (v)\n"
          "               10 BINOP                       5 (*)\n"
          "               12 STL                         1 (w)\n"
          "               14 PUSHNULL\n"
          "               15 LDG                         0 (print)\n"
          "               18 CALL                        0\n"
          "         >>    20 POP\n"
          "               21 LDL                         1 (w)\n"
          "               23 LDL                         0 (v)\n"
          "               25 BINOP                       0 (+)\n"
          "               27 RET\n");
    // f's: calls helper's resume function with what it was given for it, and goes on
    // where helper(...) returns in f (the result times y).
    CHECK(run.listing("resume function of 'f'", 1) ==
          "   1            0 PUSHNULL\n"
          "                1 LDL                         1 (__lasso_inner)\n"
          "                3 LDL                         2 (__lasso_inner_0)\n"
          "                5 LDL                         3 (__lasso_inner_1)\n"
          "                7 CALL                        2\n"
          "                9 GOTO                       24 (to 24)\n"
          "               12 PUSHNULL\n"
          "               13 LDG                         0 (helper)\n"
          "               16 LDL                         4 (x)\n"
          "               18 LDL                         0 (y)\n"
          "               20 BINOP                       0 (+)\n"
          "               22 CALL                        1\n"
          "         >>    24 LDL                         0 (y)\n"
          "               26 BINOP                       5 (*)\n"
          "               28 RET\n");
    // Captured in turn, with helper's resume function inlined: the rest is one graph,
    // (w + v) * y.
    CHECK(run.listing("generated code of 'resume_in_f_at_1_via_helper_at_1'") ==
          "   1            0 PUSHNULL\n"
          "                1 LDC                         0 (<builtin_function_or_method>)\n"
          "                4 LDL                         2 (__lasso_inner_0)\n"
          "                6 LDL                         3 (__lasso_inner_1)\n"
          "                8 LDL                         0 (y)\n"
          "               10 CALL                        3\n"
          "               12 STL                         5 (__lasso_out_0)\n"
          "               14 LDL                         5 (__lasso_out_0)\n"
          "               16 RET\n");
}

namespace {
/// A tracker of the user's: a tensor the trace labelled (the compact set's SQUARE
/// opcode, given this meaning by the Config below). It answers the questions a family
/// answers: its description, `+` and the other operators (as its tensor does, when it
/// is the left operand), the trackers it holds and how generated code rebuilds it.
struct labelled {
    lasso::tracker_ref tensor;

    template <class Names> std::string describe(const Names&, lasso::tracker_ref) const { return "a labelled tensor"; }
    template <class T>
    std::optional<lasso::tracker_ref> binary(T& t, lasso::tracker_ref, std::int64_t which, lasso::tracker_ref other,
                                             bool reflected) const {
        if (reflected) return std::nullopt;
        return lasso::ask::binary(t, tensor, which, other, false);
    }
    template <class F> void for_each_part(F&& f) const { f(tensor); }
    /// In generated code it is its tensor (a graph output, or the frame value itself).
    template <class R> void rebuild(R& r, lasso::tracker_ref) const { r.emit(tensor); }
};

struct label_config : lasso::default_config<A> {
    static constexpr auto trackers =
        lasso::extend_trackers(lasso::default_config<A>::trackers, boost::hana::tuple_t<labelled>);
    template <class T> static lasso::step handle(lasso::opcode<C::SQUARE>, T& t, const typename T::instruction&) {
        t.push(t.add_tracker(labelled{t.pop()}));
        return lasso::next{};
    }
};
} // namespace

TEST_CASE("a tracker of the user's takes part in the standard handlers and is rebuilt at a graph break") {
    // def f(x):
    //     y = label(x)
    //     print()
    //     return y + x
    const auto f = code_of("f", 1, {"x", "y"}, {"print"}, {},
                           {C::LDL, 0, C::SQUARE, C::STL, 1, C::PUSHNULL, C::LDG, 0, 0, C::CALL, 0, C::POP, C::LDL, 1,
                            C::LDL, 0, C::BINOP, 0, C::RET});
    std::ostringstream logs;
    lasso::runtime_options options;
    options.logs.artifacts = lasso::parse_log_artifacts("bytecode");
    options.logs.stream = &logs;
    lasso::runtime<A, label_config> rt(options);
    int prints = 0;
    A::host_functions()["print"] = [&](std::span<const tiny::value>) {
        ++prints;
        return tiny::make(std::string("None"));
    };
    A::call_function = [&](tiny::exec_frame& called) { return rt.eval_frame(called); };
    tiny::exec_frame frame;
    frame.code = f;
    frame.locals = {vec({1, 2})};
    frame.globals["print"] = tiny::make(tiny::builtin_fn{"print"});
    CHECK(data_of(rt.eval_frame(frame)) == std::vector<double>{2, 4});
    CHECK(prints == 1);
    A::call_function = nullptr;
    A::host_functions().erase("print");
    const std::string out = logs.str();
    // No graph before the break: `y` is rebuilt by its own rebuild, as x, loaded from
    // the frame, and handed to the resume function (print's result is popped unread).
    const std::string f_code =
        "[lasso:bytecode] generated code of 'f' (model.py:1)\n"
        "   1            0 PUSHNULL\n"
        "                1 LDG                         0 (print)\n"
        "                4 LDL                         0 (x)\n"
        "                6 STL                         1 (y)\n"
        "                8 CALL                        0\n"
        "               10 POP\n"
        "               11 PUSHNULL\n"
        "               12 LDC                         0 (<function>)\n"
        "               15 LDL                         0 (x)\n"
        "               17 LDL                         1 (y)\n"
        "               19 CALL                        2\n"
        "               21 RET\n";
    CHECK(out.find(f_code) != std::string::npos);

    // Without the break, `label(x) + x` is the labelled tracker's `binary`: add(x, x).
    const auto g = code_of("g", 1, {"x"}, {}, {}, {C::LDL, 0, C::SQUARE, C::LDL, 0, C::BINOP, 0, C::RET});
    tiny::exec_frame plain;
    plain.code = g;
    plain.locals = {vec({1, 2})};
    auto result = lasso::translator<A, label_config>(g, plain).run();
    REQUIRE(result.captured());
    CHECK(result.graph.call_count() == 1);
}

TEST_CASE("the code generated for side effects: stores to globals replayed after the graph") {
    // def f(x):
    //     global g, count
    //     g = x + 1
    //     count = 5
    //     return g
    const auto f =
        code_of("f", 1, {"x"}, {"g", "count"}, {tiny::make(std::int64_t{1}), tiny::make(std::int64_t{5})},
                {C::LDL, 0, C::LDC, 0, 0, C::BINOP, 0, C::STG, 0, 0, C::LDC, 1, 0, C::STG, 1, 0, C::LDG, 0, 0, C::RET});
    logged_runtime run;
    auto frame = run.frame(f, {vec({1, 2})});
    CHECK(data_of(run.rt->eval_frame(frame)) == std::vector<double>{2, 3});
    REQUIRE(frame.globals.count("g") == 1);
    CHECK(data_of(frame.globals["g"]) == std::vector<double>{2, 3});
    REQUIRE(frame.globals.count("count") == 1);
    CHECK(std::get<std::int64_t>(frame.globals["count"]->data) == 5);
    // The graph computes g (x + 1); then every stored value is staged in a temporary
    // before any store runs (a store cannot change what a later value reads), the
    // return value is loaded, and the stores run in program order.
    CHECK(run.listing("generated code of 'f'") ==
          "   1            0 PUSHNULL\n"
          "                1 LDC                         2 (<builtin_function_or_method>)\n"
          "                4 LDL                         0 (x)\n"
          "                6 CALL                        1\n"
          "                8 STL                         1 (__lasso_out_0)\n"
          "               10 LDL                         1 (__lasso_out_0)\n"
          "               12 STL                         2 (__lasso_effect_0)\n"
          "               14 LDC                         1 (5)\n"
          "               17 STL                         3 (__lasso_effect_1)\n"
          "               19 LDL                         1 (__lasso_out_0)\n"
          "               21 LDL                         2 (__lasso_effect_0)\n"
          "               23 STG                         0 (g)\n"
          "               26 LDL                         3 (__lasso_effect_1)\n"
          "               28 STG                         1 (count)\n"
          "               31 RET\n");
}

namespace {
// The tiny runtime's instructions laid out as CPython 3.11's: two-byte units, zero cache
// units after LDG (5), BINOP (1), CALL (4), UNPACK (1), and LDG's argument
// `name << 1 | push_null` (tests/adapters/cache_exec_adapter.hpp).
using CA = tiny::cache_exec_adapter;

/// Bytes of that layout, written instruction by instruction with their caches.
struct cached_bytes {
    std::vector<std::uint8_t> bytes;
    void operator()(std::uint8_t opcode, std::uint8_t arg, int caches) {
        bytes.push_back(opcode);
        bytes.push_back(arg);
        bytes.insert(bytes.end(), static_cast<std::size_t>(2 * caches), 0);
    }
};

/// Globals named opaque_* cannot be traced: the graph breaks at the instruction that
/// loads one, which then runs in the interpreter.
struct opaque_globals : lasso::default_config<CA> {
    template <class T>
    static lasso::step handle(lasso::semantic<lasso::bytecode::op::load_global>, T& t, const typename T::instruction& inst) {
        if (t.name_arg(inst).starts_with("opaque_"))
            lasso::give_up(lasso::reasons::value_not_constant, "global '", t.name_arg(inst), "' is opaque");
        return t.template on<lasso::bytecode::op::load_global>(inst);
    }
};
} // namespace

TEST_CASE("the code generated at a graph break on an instruction set with inline caches and flagged arguments") {
    cached_bytes put;
    // def f(x, y):
    //     a = relu(x + y)
    //     print()
    //     return a * y
    // clang-format off
    put(C::START, 0, 0);  // 0
    put(C::LDG, 1, 5);    // 2   NULL + relu (0 << 1 | 1)
    put(C::LDL, 0, 0);    // 14  x
    put(C::LDL, 1, 0);    // 16  y
    put(C::BINOP, 0, 1);  // 18  +
    put(C::CALL, 1, 4);   // 22
    put(C::STL, 2, 0);    // 32  a
    put(C::LDG, 3, 5);    // 34  NULL + print (1 << 1 | 1)
    put(C::CALL, 0, 4);   // 46
    put(C::POP, 0, 0);    // 56
    put(C::LDL, 2, 0);    // 58  a
    put(C::LDL, 1, 0);    // 60  y
    put(C::BINOP, 5, 1);  // 62  *
    put(C::RET, 0, 0);    // 66
    // clang-format on
    const auto f = code_of("f", 2, {"x", "y", "a"}, {"relu", "print"}, {}, put.bytes);
    basic_logged_runtime<CA> run;
    auto frame = run.frame(f, {vec({1, 2}), vec({3, -4})});
    frame.globals["relu"] = tiny::make(tiny::builtin_fn{"relu"});
    // relu(x + y) * y: the NULL of each flagged LDG is under its callable, the CALLs do
    // not swallow what follows them, and the resume function starts at the POP after
    // the print call's caches.
    CHECK(data_of(run.rt->eval_frame(frame)) == std::vector<double>{12, 0});
    CHECK(run.prints == 1);
    CHECK(CA::eager_runs == 0);
    // Offsets step over the caches of every CALL and LDG lasso wrote (the graph's one
    // output comes back alone, with no UNPACK); print is
    // reloaded as PUSHNULL, then LDG with argument 2 (name 1, no NULL bit).
    CHECK(run.listing("generated code of 'f'") ==
          "   1            0 START                       0\n"
          "                2 PUSHNULL\n"
          "                4 LDC                         0 (<builtin_function_or_method>)\n"
          "                6 LDL                         0 (x)\n"
          "                8 LDL                         1 (y)\n"
          "               10 CALL                        2\n"
          "               20 STL                         3 (__lasso_out_0)\n"
          "               22 PUSHNULL\n"
          "               24 LDG                         2 (print)\n"
          "               36 LDL                         3 (__lasso_out_0)\n"
          "               38 STL                         2 (a)\n"
          "               40 CALL                        0\n"
          "               50 POP\n"
          "               52 PUSHNULL\n"
          "               54 LDC                         1 (<function>)\n"
          "               56 LDL                         1 (y)\n"
          "               58 LDL                         2 (a)\n"
          "               60 CALL                        2\n"
          "               70 RET\n");
    // f's bytes behind a six-byte prologue (None for the POP of print's result): the
    // absolute GOTO (in units) lands on the POP, 56 + 6, past the print call's caches.
    CHECK(run.listing("resume function of 'f'") ==
          "   1            0 START                       0\n"
          "                2 LDC                         0 (None)\n"
          "                4 GOTO                       31 (to 62)\n"
          "                6 START                       0\n"
          "                8 LDG                         1 (NULL + relu)\n"
          "               20 LDL                         2 (x)\n"
          "               22 LDL                         0 (y)\n"
          "               24 BINOP                       0 (+)\n"
          "               28 CALL                        1\n"
          "               38 STL                         1 (a)\n"
          "               40 LDG                         3 (NULL + print)\n"
          "               52 CALL                        0\n"
          "         >>    62 POP\n"
          "               64 LDL                         1 (a)\n"
          "               66 LDL                         0 (y)\n"
          "               68 BINOP                       5 (*)\n"
          "               72 RET\n");
    CHECK(run.listing("generated code of 'resume_in_f_at_1'") ==
          "   1            0 START                       0\n"
          "                2 PUSHNULL\n"
          "                4 LDC                         1 (<builtin_function_or_method>)\n"
          "                6 LDL                         1 (a)\n"
          "                8 LDL                         0 (y)\n"
          "               10 CALL                        2\n"
          "               20 STL                         3 (__lasso_out_0)\n"
          "               22 LDL                         3 (__lasso_out_0)\n"
          "               24 RET\n");
    // Again: both frames hit their cache.
    auto again = run.frame(f, {vec({-1, 1}), vec({2, 2})});
    again.globals["relu"] = frame.globals["relu"];
    CHECK(data_of(run.rt->eval_frame(again)) == std::vector<double>{2, 6});
    CHECK(run.prints == 2);
    CHECK(run.rt->report().frames.at(0).cache_hits == 1);
}

TEST_CASE("a graph break at a load_global with its NULL flag: the NULL is handed on as a NULL") {
    cached_bytes put;
    // def g(x):
    //     a = x + x
    //     b = opaque_relu(a)
    //     return b * x
    // clang-format off
    put(C::LDL, 0, 0);   // 0   x
    put(C::LDL, 0, 0);   // 2   x
    put(C::BINOP, 0, 1); // 4   +
    put(C::STL, 1, 0);   // 8   a
    put(C::LDG, 1, 5);   // 10  NULL + opaque_relu: the break
    put(C::LDL, 1, 0);   // 22  a
    put(C::CALL, 1, 4);  // 24
    put(C::STL, 2, 0);   // 34  b
    put(C::LDL, 2, 0);   // 36  b
    put(C::LDL, 0, 0);   // 38  x
    put(C::BINOP, 5, 1); // 40  *
    put(C::RET, 0, 0);   // 44
    // clang-format on
    const auto g = code_of("g", 1, {"x", "a", "b"}, {"opaque_relu"}, {}, put.bytes);
    basic_logged_runtime<CA, opaque_globals> run;
    auto frame = run.frame(g, {vec({1, -2})});
    frame.globals["opaque_relu"] = tiny::make(tiny::builtin_fn{"relu"});
    CHECK(data_of(run.rt->eval_frame(frame)) == std::vector<double>{2, 0});
    CHECK(CA::eager_runs == 0);
    // The LDG runs as it is (flag and caches), then its value goes to the resume function
    // and its NULL is dropped: the resume function pushes a NULL of its own.
    CHECK(run.listing("generated code of 'g'") ==
          "   1            0 PUSHNULL\n"
          "                2 LDC                         0 (<builtin_function_or_method>)\n"
          "                4 LDL                         0 (x)\n"
          "                6 CALL                        1\n"
          "               16 STL                         3 (__lasso_out_0)\n"
          "               18 LDL                         3 (__lasso_out_0)\n"
          "               20 STL                         1 (a)\n"
          "               22 LDG                         1 (NULL + opaque_relu)\n"
          "               34 STL                         4 (__lasso_stack_0)\n"
          "               36 POP\n"
          "               38 PUSHNULL\n"
          "               40 LDC                         1 (<function>)\n"
          "               42 LDL                         4 (__lasso_stack_0)\n"
          "               44 LDL                         0 (x)\n"
          "               46 LDL                         1 (a)\n"
          "               48 CALL                        3\n"
          "               58 RET\n");
    CHECK(run.listing("resume function of 'g'") ==
          "   1            0 PUSHNULL\n"
          "                2 LDL                         0 (__lasso_stack_0)\n"
          "                4 GOTO                       14 (to 28)\n"
          "                6 LDL                         1 (x)\n"
          "                8 LDL                         1 (x)\n"
          "               10 BINOP                       0 (+)\n"
          "               14 STL                         2 (a)\n"
          "               16 LDG                         1 (NULL + opaque_relu)\n"
          "         >>    28 LDL                         2 (a)\n"
          "               30 CALL                        1\n"
          "               40 STL                         3 (b)\n"
          "               42 LDL                         3 (b)\n"
          "               44 LDL                         1 (x)\n"
          "               46 BINOP                       5 (*)\n"
          "               50 RET\n");
}

TEST_CASE("a graph break in a function with cells numbered in localsplus: an argument cell, a cell, a free variable") {
    using LA = tiny::localsplus_exec_adapter;
    cached_bytes put;
    // def f(x, y):     (x is captured by a closure: an argument cell; c a cell; z free)
    //     c = x + y
    //     print()
    //     return c * z
    // Slots: x 0 (the argument and its cell), y 1, c 2, z 3.
    // clang-format off
    put(tiny::MKCELL, 0, 0);   // 0   x
    put(tiny::MKCELL, 2, 0);   // 2   c
    put(tiny::COPYFREE, 1, 0); // 4   z
    put(C::START, 0, 0);       // 6
    put(C::LDCELL, 0, 0);      // 8   x
    put(C::LDL, 1, 0);         // 10  y
    put(C::BINOP, 0, 1);       // 12  +
    put(C::STCELL, 2, 0);      // 16  c
    put(C::LDG, 1, 5);         // 18  NULL + print
    put(C::CALL, 0, 4);        // 30
    put(C::POP, 0, 0);         // 40
    put(C::LDCELL, 2, 0);      // 42  c
    put(C::LDCELL, 3, 0);      // 44  z
    put(C::BINOP, 5, 1);       // 46  *
    put(C::RET, 0, 0);         // 50
    // clang-format on
    const auto f = code_of("f", 2, {"x", "y"}, {"print"}, {}, put.bytes);
    f->fields.cellvars = {"x", "c"};
    f->fields.freevars = {"z"};
    f->fields.qualname = "outer.<locals>.f";
    f->fields.posonly_argcount = 1;
    LA::made.clear();
    basic_logged_runtime<LA> run;
    const tiny::value z = tiny::make_cell_object(vec({10, 100}));
    auto call = [&](tiny::value x) {
        auto frame = run.frame(f, {std::move(x), vec({3, 4})});
        frame.closure = tiny::make(tiny::tuple{{z}});
        return data_of(run.rt->eval_frame(frame));
    };
    CHECK(call(vec({1, 2})) == std::vector<double>{40, 600});
    CHECK(run.prints == 1);
    CHECK(LA::eager_runs == 0);
    // The argument x is read through its cell (it is a cell once MKCELL ran), and the
    // store to c is replayed before print runs; the resume function gets x, c and z as
    // its closure. The generated code has locals of its own, so c and z have other
    // slots there than in f; x keeps its argument's.
    const std::string generated = run.listing("generated code of 'f'");
    INFO(generated);
    auto has = [](const std::string& listing, std::string_view opcode, std::string_view arg) {
        std::istringstream lines(listing);
        for (std::string line; std::getline(lines, line);)
            if (line.find(opcode) != std::string::npos && line.ends_with(arg)) return true;
        return false;
    };
    CHECK(has(generated, "LDCELL                      0", "(x)"));
    CHECK_FALSE(has(generated, "LDL", "(x)"));
    CHECK(has(generated, "STCELL", "(c)"));
    CHECK(has(generated, "LDCLOS", "(z)"));
    // The resume function: locals x, y (print's result is popped before the call, not
    // passed); its cells all free, after them: x 2, c 3, z 4.
    const std::string resumed = run.listing("resume function of 'f'");
    INFO(resumed);
    CHECK(resumed.starts_with("   1            0 COPYFREE                    3\n"));
    CHECK(resumed.find("MKCELL") != std::string::npos); // the original's, jumped over
    CHECK(resumed.find("LDCELL                      3 (c)") != std::string::npos);
    CHECK(resumed.find("LDCELL                      4 (z)") != std::string::npos);
    CHECK(resumed.find("LDCELL                      2 (x)") != std::string::npos);
    // The code fields CPython needs: the generated code keeps f's, the resume code has
    // its own; both have the kinds of their slots.
    using lasso::bytecode::localsplus_kind::cell, lasso::bytecode::localsplus_kind::free,
        lasso::bytecode::localsplus_kind::local;
    const auto made_named = [&](std::string_view prefix) -> const lasso::bytecode::code_fields<tiny::value>* {
        for (const auto& c : LA::made)
            if (c->fields.name.starts_with(prefix)) return &c->fields;
        return nullptr;
    };
    const auto* generated_fields = made_named("f");
    const auto* resume_fields = made_named("resume_in_f");
    REQUIRE(generated_fields);
    REQUIRE(resume_fields);
    CHECK(generated_fields->qualname == "outer.<locals>.f");
    CHECK(generated_fields->posonly_argcount == 1);
    // Its locals, then c and z (x shares its argument's slot).
    REQUIRE(generated_fields->localsplus_kinds.size() == generated_fields->varnames.size() + 2);
    CHECK(generated_fields->localsplus_kinds.front() == (local | cell)); // x
    CHECK(generated_fields->localsplus_kinds.back() == free);            // z
    CHECK(resume_fields->qualname == resume_fields->name);
    CHECK(resume_fields->posonly_argcount == 0);
    CHECK(resume_fields->localsplus_kinds == std::vector<std::uint8_t>{local, local, free, free, free}); // x, y; x, c, z

    // Again with other values: the guards hold (x read through its slot, z through the
    // closure), and the cached code reads the new ones.
    CHECK(call(vec({2, 3})) == std::vector<double>{50, 700});
    std::get<tiny::instance>(z->data).attributes["cell_contents"] = vec({-1, 1});
    CHECK(call(vec({1, 2})) == std::vector<double>{-4, 6});
    CHECK(run.prints == 3);
    CHECK(LA::eager_runs == 0);
}
