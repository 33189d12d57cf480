// The frame entry point on the compact instruction set with adapters of its own: global
// state the adapter declares, comparisons that fold or break, globals read by value, a
// code cache behind get and set functions, and a pop_top that cannot take a NULL. Each
// adapter instantiates capture again, so these tests have a translation unit of their own.
#include "runtime_programs.hpp"

#include <doctest/doctest.h>

#include <array>
#include <span>
#include <string>
#include <vector>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;
using namespace lasso_test::runtime_programs;

namespace {
/// The exec adapter with a second global-state variable beside grad mode: a
/// "deterministic" flag, read by is_deterministic() and set by set_deterministic(flag).
bool deterministic = false;
struct two_state_adapter : tiny::exec_adapter {
    static constexpr lasso::feature_set features =
        tiny::exec_adapter::features | lasso::feature::global_states | lasso::feature::global_state_setter;
    static constexpr std::array<lasso::global_state_variable, 2> global_states{{
        {"grad_mode", "grad mode", "set_grad_enabled"},
        {"deterministic", "deterministic mode", "set_deterministic"},
    }};
    static bool global_state(std::size_t i) { return i == 0 ? tiny::grad_mode : deterministic; }
    static void set_global_state(std::size_t i, bool on) { (i == 0 ? tiny::grad_mode : deterministic) = on; }
    static lasso::builtin_behaviour builtin_behaviour(const tiny::value& v) {
        const std::string name = builtin_name(v);
        if (name == "set_deterministic") return {lasso::builtin_kind::state_set, name, 1};
        if (name == "is_deterministic") return {lasso::builtin_kind::state_read, name, 1};
        return tiny::exec_adapter::builtin_behaviour(v);
    }
};
static_assert(lasso::GlobalStateAdapter<two_state_adapter> && lasso::GlobalStateSetterAdapter<two_state_adapter>);

/// def f(x): set_deterministic(True); return (relu(x) * 2, is_deterministic())
std::shared_ptr<tiny::exec_code> code_deterministic() {
    lasso::bytecode::code_fields<tiny::value> code;
    code.name = "f";
    code.filename = "model.py";
    code.first_line = 1;
    code.argcount = 1;
    code.varnames = {"x"};
    code.names = {"set_deterministic", "relu", "is_deterministic"};
    code.constants = {tiny::make(true), tiny::make(std::int64_t{2})};
    code.bytecode = {
        // clang-format off
        C::START, 0,    // 0
        C::PUSHNULL,    // 2
        C::LDG, 0, 0,   // 3  set_deterministic
        C::LDC, 0, 0,   // 6  True
        C::CALL, 1,     // 9
        C::POP,         // 11
        C::PUSHNULL,    // 12
        C::LDG, 1, 0,   // 13 relu
        C::LDL, 0,      // 16 x
        C::CALL, 1,     // 18
        C::LDC, 1, 0,   // 20 2
        C::BINOP, 5,    // 23 *
        C::PUSHNULL,    // 25
        C::LDG, 2, 0,   // 26 is_deterministic
        C::CALL, 0,     // 29
        C::TUPLE, 2,    // 31
        C::RET,         // 33
        // clang-format on
    };
    code.line_table = {{0, {2, 2, 4, 40}}};
    return two_state_adapter::make_code(std::move(code));
}

/// A frame of `code_deterministic` on x = [-1, 2], with its builtins as globals.
tiny::exec_frame frame_deterministic() {
    tiny::exec_frame frame;
    frame.code = code_deterministic();
    frame.locals = {vec({-1, 2})};
    for (const char* name : {"set_deterministic", "relu", "is_deterministic"})
        frame.globals[name] = tiny::make(tiny::builtin_fn{name});
    return frame;
}
} // namespace

namespace {
/// The exec adapter with min and max as the builtins lasso models (conversions.hpp).
struct ordering_adapter : tiny::exec_adapter {
    static lasso::builtin_behaviour builtin_behaviour(const tiny::value& v) {
        const std::string name = builtin_name(v);
        if (name == "max") return {lasso::builtin_kind::max, name};
        if (name == "min") return {lasso::builtin_kind::min, name};
        return tiny::exec_adapter::builtin_behaviour(v);
    }
};

/// def f(x): return relu(x) * NAME(3, 7, 5)     -- NAME(x, 1) when `of_tensor`
std::shared_ptr<tiny::exec_code> code_ordering(const char* name, bool of_tensor) {
    auto code = function_of_x("f", 1, {"relu", name});
    code.constants = {tiny::make(std::int64_t{3}), tiny::make(std::int64_t{7}), tiny::make(std::int64_t{5}),
                      tiny::make(std::int64_t{1})};
    std::vector<std::uint8_t> args = of_tensor
                                         ? std::vector<std::uint8_t>{C::LDL, 0, C::LDC, 3, 0, C::CALL, 2}
                                         : std::vector<std::uint8_t>{C::LDC, 0, 0, C::LDC, 1, 0, C::LDC, 2, 0, C::CALL, 3};
    code.bytecode = {C::START, 0, C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::CALL, 1, C::PUSHNULL, C::LDG, 1, 0};
    code.bytecode.insert(code.bytecode.end(), args.begin(), args.end());
    code.bytecode.insert(code.bytecode.end(), {C::BINOP, 5, C::RET});
    code.line_table = {{0, {2, 2, 4, 40}}};
    return ordering_adapter::make_code(std::move(code));
}
} // namespace

TEST_CASE("max and min of constants fold by comparison; of a tensor they break, its order being data") {
    lasso::runtime<ordering_adapter> rt;
    for (const char* name : {"max", "min"}) {
        auto code = code_ordering(name, false);
        tiny::exec_frame frame;
        frame.code = code;
        frame.locals = {vec({-1, 2})};
        for (const char* global : {"relu", "max", "min"}) frame.globals[global] = tiny::make(tiny::builtin_fn{global});
        const tiny::value result = rt.eval_frame(frame);
        const double factor = std::string(name) == "max" ? 7 : 3;
        CHECK(data_of(result) == std::vector<double>{0, 2 * factor});
    }
    const auto folded = rt.report();
    for (const auto& f : folded.frames) {
        REQUIRE(f.graphs.size() == 1);
        CHECK(f.breaks.empty());
    }
    CHECK(folded.frames.at(0).graphs[0].readable.find("mul(relu, 7)") != std::string::npos);
    CHECK(folded.frames.at(1).graphs[0].readable.find("mul(relu, 3)") != std::string::npos);

    lasso::runtime<ordering_adapter> broken;
    auto code = code_ordering("max", true);
    tiny::exec_frame frame;
    frame.code = code;
    frame.locals = {vec({-1, 2})};
    for (const char* global : {"relu", "max"}) frame.globals[global] = tiny::make(tiny::builtin_fn{global});
    broken.eval_frame(frame);
    const auto report = broken.report();
    const auto& f = report.frames.at(0);
    const auto& records = f.breaks.empty() ? f.unsupported : f.breaks;
    REQUIRE(records.size() == 1);
    CHECK(records[0].reason.find("max() of a tensor (its order is data)") == 0);
}

TEST_CASE("a second global-state variable the adapter declares is guarded, set by the graph and restored") {
    deterministic = false;
    lasso::runtime<two_state_adapter> rt;
    tiny::exec_frame frame = frame_deterministic();

    // Set in the graph: the graph's first node sets the flag, and is_deterministic()
    // is folded to the traced value.
    const tiny::value result = rt.eval_frame(frame);
    const auto& items = std::get<tiny::tuple>(result->data).items;
    REQUIRE(items.size() == 2);
    CHECK(data_of(items[0]) == std::vector<double>{0, 4});
    CHECK(std::get<bool>(items[1]->data) == true);
    CHECK(deterministic);
    auto f = rt.report().frames.at(0);
    REQUIRE(f.graphs.size() == 1);
    CHECK(f.graphs[0].readable.find("set_deterministic(True)") != std::string::npos);
    // Guarded: the entry was made with the flag off.
    CHECK(f.entry_guards.at(0).find("deterministic == False") != std::string::npos);
    CHECK(f.entry_guards.at(0).find("grad_mode == True") != std::string::npos);

    // Called with the flag on: the guard fails and the new graph does not set it again.
    rt.eval_frame(frame);
    f = rt.report().frames.at(0);
    CHECK(f.recompiles() == 1);
    CHECK(f.recompile_reasons.at(0) == "deterministic mode is disabled, but it is enabled");
    REQUIRE(f.graphs.size() == 2);
    CHECK(f.graphs[1].readable.find("set_deterministic") == std::string::npos);
    CHECK(deterministic);

    // Restored: a compiled graph that raises after setting the flag puts back the value
    // it had when the graph was called, and says that it raised (the runtime then runs
    // the frame again eagerly).
    deterministic = false;
    lasso::graph::graph<tiny::tensor_meta> g;
    g.add_call_function("set_deterministic", {true});
    g.set_output({g.add_call_function("mul", {2, 3})}); // no tensor operand: the eager run raises
    const void* token = nullptr;
    const auto compiled = lasso::compile_keeping_global_state<two_state_adapter>(
        lasso::eager_backend<two_state_adapter>{}, g, std::span<const tiny::value>{}, false, &token);
    REQUIRE(token != nullptr);
    CHECK_FALSE(deterministic);
    lasso::detail::raising_graph = nullptr;
    CHECK_THROWS(compiled(std::span<const tiny::value>{}));
    CHECK_FALSE(deterministic);
    CHECK(lasso::detail::raising_graph == token);
    lasso::detail::raising_graph = nullptr;
    deterministic = false;
}

TEST_CASE("cleanup_graph removes setters that change nothing and keeps the others") {
    using A = two_state_adapter;
    lasso::graph::graph<tiny::tensor_meta> g;
    const auto x = g.add_placeholder("L['x']");
    g.add_call_function("set_grad_enabled", {false}); // a pair around nothing: removed
    g.add_call_function("set_grad_enabled", {true});
    g.add_call_function("set_deterministic", {false});                 // sets what is set: removed
    const auto off = g.add_call_function("set_grad_enabled", {false}); // a pair around an operation: kept
    const auto y = g.add_call_function("relu", {x});
    const auto on = g.add_call_function("set_grad_enabled", {true});
    g.set_output({y});
    CHECK(lasso::output::cleanup_graph<A>(g, {true, false}) == 3);
    std::vector<lasso::graph::node> calls;
    for (auto n : g.nodes())
        if (lasso::graph::is_call(g.kind(n))) calls.push_back(n);
    CHECK(calls == std::vector<lasso::graph::node>{off, y, on});
    CHECK(lasso::output::sets_global_state<A>(g));
}

TEST_CASE("cleanup_graph keeps the setters of a variable whose state at the graph's start is unknown") {
    using A = two_state_adapter;
    lasso::graph::graph<tiny::tensor_meta> g;
    const auto x = g.add_placeholder("L['x']");
    // Grad mode is not guarded: setting False may change it, and so may putting True
    // back (the graph may start with it off).
    const auto off = g.add_call_function("set_grad_enabled", {false});
    const auto on = g.add_call_function("set_grad_enabled", {true});
    const auto y = g.add_call_function("relu", {x});
    g.add_call_function("set_grad_enabled", {true}); // known from here on: removed
    g.set_output({y});
    CHECK(lasso::output::cleanup_graph<A>(g, {std::nullopt, false}) == 1);
    std::vector<lasso::graph::node> calls;
    for (auto n : g.nodes())
        if (lasso::graph::is_call(g.kind(n))) calls.push_back(n);
    CHECK(calls == std::vector<lasso::graph::node>{off, on, y});
}

namespace {
/// The two-state adapter whose "deterministic" flag no operation depends on: a
/// translation guards it only when the trace reads it before setting it.
struct explicit_state_adapter : two_state_adapter {
    static constexpr std::array<lasso::global_state_variable, 2> global_states{{
        {"grad_mode", "grad mode", "set_grad_enabled", false},
        {"deterministic", "deterministic mode", "set_deterministic", true},
    }};
};
} // namespace

TEST_CASE("a global-state variable only explicit reads depend on is guarded only when the trace reads it first") {
    deterministic = false;
    lasso::runtime<explicit_state_adapter> rt;
    tiny::exec_frame frame = frame_deterministic(); // sets the flag, then reads it

    const tiny::value result = rt.eval_frame(frame);
    CHECK(std::get<bool>(std::get<tiny::tuple>(result->data).items.at(1)->data) == true);
    CHECK(deterministic);
    auto f = rt.report().frames.at(0);
    // The read sees the value the trace set: no guard on the flag; grad mode, which
    // operations depend on, is guarded as before.
    CHECK(f.entry_guards.at(0).find("deterministic ==") == std::string::npos);
    CHECK(f.entry_guards.at(0).find("grad_mode == True") != std::string::npos);
    REQUIRE(f.graphs.size() == 1);
    // The state at the graph's start is unknown: the setter stays.
    CHECK(f.graphs[0].readable.find("set_deterministic(True)") != std::string::npos);

    // Called with the flag on and with it off: the same entry.
    rt.eval_frame(frame);
    deterministic = false;
    rt.eval_frame(frame);
    f = rt.report().frames.at(0);
    CHECK(f.recompiles() == 0);
    CHECK(f.cache_hits == 2);
    CHECK(deterministic);
    deterministic = false;
}

TEST_CASE("compiling a graph leaves the global state as it was; only graphs that need it are wrapped") {
    deterministic = false;
    lasso::graph::graph<tiny::tensor_meta> g;
    const auto x = g.add_placeholder("L['x']");
    g.set_output({g.add_call_function("relu", {x})});
    // A backend that changes the state while it compiles (running the graph in another
    // mode, say).
    auto changing = [](const lasso::graph::graph<tiny::tensor_meta>& graph, std::span<const tiny::value> inputs) {
        deterministic = true;
        return lasso::compiled_graph<tiny::value>(lasso::eager_backend<two_state_adapter>{}(graph, inputs));
    };
    const void* token = nullptr;
    const auto plain =
        lasso::compile_keeping_global_state<two_state_adapter>(changing, g, std::span<const tiny::value>{}, false, &token);
    CHECK_FALSE(deterministic);
    CHECK(token == nullptr); // no setter, no side effect: not wrapped
    const tiny::value inputs[] = {vec({-1, 2})};
    CHECK(data_of(plain(inputs).at(0)) == std::vector<double>{0, 2});
    lasso::compile_keeping_global_state<two_state_adapter>(changing, g, std::span<const tiny::value>{}, true, &token);
    CHECK_FALSE(deterministic);
    CHECK(token != nullptr); // side effects: wrapped, so that a raise runs the frame again
}

namespace {
/// The tiny runtime as an interpreter whose globals live in a dict with no slot that
/// stays put (`globals_by_value`: `frame_global` returns a value of its own) and whose
/// per-code slot is reached through functions (`code_cache_accessors`, as CPython's
/// `_PyCode_GetExtra` and `_PyCode_SetExtra`), both counting their calls.
struct unstable_slots_adapter : tiny::exec_adapter_t<false> {
    static constexpr lasso::feature_set features =
        tiny::exec_adapter_t<false>::features | lasso::feature::globals_by_value | lasso::feature::code_cache_accessors;
    static inline int global_reads = 0;
    static inline int slot_reads = 0;
    static inline int slot_writes = 0;
    static std::optional<tiny::value> frame_global(const tiny::exec_frame& f, std::string_view name) {
        ++global_reads;
        const auto it = f.globals.find(name);
        if (it == f.globals.end()) return std::nullopt;
        return it->second;
    }
    static void* code_cache_get(const code& c) {
        ++slot_reads;
        return c->extra;
    }
    static void code_cache_set(const code& c, void* p) {
        ++slot_writes;
        c->extra = p;
    }
    static tiny::value call_code(const tiny::exec_frame& f, const code& c) {
        return tiny::run_code<unstable_slots_adapter>(f, c);
    }
};

/// def g(x): return x * w    (w a global tensor)
std::shared_ptr<tiny::exec_code> code_g() {
    lasso::bytecode::code_fields<tiny::value> code;
    code.name = "g";
    code.filename = "model.py";
    code.argcount = 1;
    code.varnames = {"x"};
    code.names = {"w"};
    code.bytecode = {C::START, 0, C::LDL, 0, C::LDG, 0, 0, C::BINOP, 5, C::RET};
    code.line_table = {{0, {1, 1, 0, 1}}};
    return tiny::exec_adapter::make_code(std::move(code));
}
} // namespace

TEST_CASE("globals read by value: guards and the cache hit read the global's current value") {
    using A = unstable_slots_adapter;
    lasso::runtime<A> rt;
    const auto code = code_g();
    tiny::exec_frame f;
    f.code = code;
    f.locals = {vec({1, 2, 3})};
    f.globals["w"] = vec({2, 3, 4});
    A::global_reads = 0;
    CHECK(data_of(rt.eval_frame(f)) == std::vector<double>{2, 6, 12});
    CHECK(A::global_reads > 0);
    // Another tensor of the same kind in w: the guards pass and the graph gets the new one.
    f.globals["w"] = vec({-1, 0, 1});
    const int reads = A::global_reads;
    CHECK(data_of(rt.eval_frame(f)) == std::vector<double>{-1, 0, 3});
    CHECK(A::global_reads > reads);
    // A w of another shape fails its guard: a second entry.
    f.locals = {vec({1, 2})};
    f.globals["w"] = vec({5, 6});
    CHECK(data_of(rt.eval_frame(f)) == std::vector<double>{5, 12});
    auto report = rt.report();
    REQUIRE(report.frames.size() == 1);
    CHECK(report.frames[0].cache_hits == 1);
    CHECK(report.frames[0].cache_entries == 2);
    CHECK(report.frames[0].entry_guards[0].find("tensor G['w']: f64[3]") != std::string::npos);
    CHECK(A::eager_runs == 0);
}

TEST_CASE("the code cache reached through get and set functions") {
    using A = unstable_slots_adapter;
    const auto code = code_f();
    A::slot_reads = 0;
    A::slot_writes = 0;
    {
        lasso::runtime<A> rt;
        auto frame = frame_of(code, vec({1, -5, 3}), vec({1, 1, 1}));
        rt.eval_frame(frame);
        CHECK(A::slot_writes == 1); // the record, set once
        CHECK(code->extra != nullptr);
        const int reads = A::slot_reads;
        check_f_result(rt.eval_frame(frame), frame.locals[0].value(), {4, 0, 8});
        CHECK(A::slot_reads > reads); // the lookup goes through code_cache_get
        CHECK(A::slot_writes == 1);
        CHECK(rt.report().frames.at(0).cache_hits == 1);
    }
    // The runtime clears the slot it set when it goes away.
    CHECK(A::slot_writes == 2);
    CHECK(code->extra == nullptr);
}

namespace {
/// The resumable exec adapter with an encoding whose pop_top cannot take a NULL (as
/// CPython 3.11's POP_TOP cannot); it records the local names of the codes it makes.
struct no_null_pop_adapter : tiny::exec_adapter_resumable {
    static constexpr lasso::bytecode::encoding bytecode_encoding = [] {
        auto e = tiny::exec_adapter_resumable::bytecode_encoding;
        e.pop_top_takes_null = false;
        return e;
    }();
    static inline std::vector<std::vector<std::string>> made_locals;
    static code make_code(lasso::bytecode::code_fields<value> f) {
        made_locals.push_back(f.varnames);
        return tiny::exec_adapter_resumable::make_code(std::move(f));
    }
};
} // namespace

TEST_CASE("a break with a NULL below the breaking call stores the NULL where pop_top cannot take one") {
    using A = no_null_pop_adapter;
    // def f(x, y): return relu(print(x + y)): the break at print has relu's NULL and relu
    // below it on the stack.
    const auto f = code_of("f", 2, {"x", "y"}, {"relu", "print"},
                           {
                               // clang-format off
                               C::PUSHNULL, C::LDG, 0, 0,   // relu
                               C::PUSHNULL, C::LDG, 1, 0,   // print
                               C::LDL, 0, C::LDL, 1, C::BINOP, 0,
                               C::CALL, 1,                  // print(x + y): the break
                               C::CALL, 1,                  // relu(...)
                               C::RET,
                               // clang-format on
                           });
    A::host_functions()["print"] = [](std::span<const tiny::value> args) { return args[0]; };
    lasso::runtime<A> rt;
    A::call_function = [&](tiny::exec_frame& called) { return rt.eval_frame(called); };
    A::made_locals.clear();
    tiny::exec_frame frame = frame_of(f, vec({1, -5}), vec({2, 2}));
    CHECK(data_of(rt.eval_frame(frame)) == std::vector<double>{3, 0});
    const auto report = rt.report();
    REQUIRE(report.frames.size() == 2);
    REQUIRE(report.frames[0].breaks.size() == 1);
    // The code of f's cache entry discards the NULL by a store into the scratch local.
    bool discarded = false;
    for (const auto& names : A::made_locals)
        for (const auto& n : names) discarded = discarded || n == lasso::output::discard_local;
    CHECK(discarded);
    A::call_function = nullptr;
    A::host_functions().erase("print");
}
