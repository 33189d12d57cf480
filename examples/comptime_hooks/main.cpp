// Trace-time hooks: the interpreter's builtin `comptime(fn)` makes lasso call the
// adapter's `run_comptime` while it translates the frame; here the adapter runs a C++
// hook chosen by the function's name, and the hook reads the translation through
// `lasso::comptime_context`: a local's constant value or tensor metadata, the graph so
// far, the frame's code; it can also ask for a graph break. See docs/comptime.md.
//
// The interpreter is the minimal adapter's runtime
// (examples/minimal_adapter/tiny_runtime.hpp), whose adapter already calls the builtin
// named "comptime" a comptime builtin. Built and run as the test
// `example.comptime_hooks`; it exits non-zero when a hook sees something other than
// expected.
#include "tiny_runtime.hpp"

#include <lasso/lasso.hpp>

#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;

/// The tiny runtime's adapter, with comptime callbacks: a callback is a function value
/// of the program, and the hook run for it is the C++ function registered under its
/// name. What a hook throws is the callback's error.
struct hooked_adapter : tiny::adapter {
    /// The tiny adapter's features, and comptime.
    static constexpr lasso::feature_set features = tiny::adapter::features | lasso::feature::comptime;

    using hook = std::function<void(lasso::comptime_context<hooked_adapter>&)>;
    static inline std::map<std::string, hook> hooks;

    static std::optional<std::string> run_comptime(const lasso::comptime_callback<hooked_adapter>& callback,
                                                   const tiny::frame&, lasso::comptime_context<hooked_adapter>& ctx) {
        const auto* fn = callback.is_code ? nullptr : std::get_if<tiny::function>(&callback.function->data);
        if (!fn) return std::string("the callback is not a function of the program");
        const auto found = hooks.find(fn->name);
        if (found == hooks.end()) return "no hook is registered for '" + fn->name + "'";
        try {
            found->second(ctx);
        } catch (const std::exception& e) { return std::string(e.what()); }
        return std::nullopt;
    }
};
static_assert(lasso::ComptimeAdapter<hooked_adapter>);

int failures = 0;
void expect(bool ok, const std::string& what) {
    if (!ok) {
        std::cerr << "FAILED: " << what << "\n";
        ++failures;
    }
}

/// def f(x, n):
///     y = x * n
///     comptime(inspect)
///     return y + 1
hooked_adapter::code hooked_code() {
    hooked_adapter::code code;
    code.name = "f";
    code.filename = "f.tiny";
    code.argcount = 2;
    code.varnames = {"x", "n", "y"};
    code.names = {"comptime", "inspect"};
    code.constants = {tiny::make(std::int64_t{1})};
    code.bytecode = {
        // clang-format off
        C::LDL, 0,      // 0  x
        C::LDL, 1,      // 2  n
        C::BINOP, 5,    // 4  *
        C::STL, 2,      // 6  y
        C::PUSHNULL,    // 8
        C::LDG, 0, 0,   // 9  comptime
        C::LDG, 1, 0,   // 12 inspect
        C::CALL, 1,     // 15 comptime(inspect)
        C::POP,         // 17
        C::LDL, 2,      // 18 y
        C::LDC, 0, 0,   // 20 1
        C::BINOP, 0,    // 23 +
        C::RET,         // 25
        // clang-format on
    };
    code.line_table = {{0, {2, 2, 0, 10}}, {8, {3, 3, 4, 20}}, {18, {4, 4, 4, 20}}};
    return code;
}

tiny::frame frame_for(const char* hook_name) {
    tiny::frame f;
    f.locals = {tiny::make(tiny::tensor{{"f64", {3}}, {1, 2, 3}}), tiny::make(std::int64_t{4}), std::nullopt};
    f.globals["comptime"] = tiny::make(tiny::builtin_fn{"comptime"});
    f.globals["inspect"] = tiny::make(tiny::function{hook_name});
    return f;
}

} // namespace

int main() {
    const auto code = hooked_code();

    // 1. A hook that reads locals and prints the graph and the code.
    {
        std::ostringstream graph, disas;
        bool ran = false;
        hooked_adapter::hooks["look"] = [&](lasso::comptime_context<hooked_adapter>& ctx) {
            ran = true;
            const auto n = ctx.get_local("n");
            expect(n && n->is_python_constant() && n->python_type == "int", "n is the int constant 4");
            expect(n && n->constant && n->constant->scalar == lasso::constant{std::int64_t{4}}, "n's value is 4");
            const auto y = ctx.get_local("y");
            expect(y && y->is_proxy() && y->fake && y->fake->shape == std::vector<std::int64_t>{3},
                   "y is a graph value of shape [3]");
            expect(!ctx.get_local("z"), "there is no local z");
            ctx.print_graph(graph);
            ctx.print_disas(disas);
        };
        auto frame = frame_for("look");
        auto result = lasso::translator<hooked_adapter>(code, frame).run();
        expect(ran, "the hook ran during translation");
        expect(result.captured(), "f is captured (the hook asks for nothing)");
        std::cout << "the graph when the hook ran:\n" << graph.str() << "the code:\n" << disas.str();
        expect(graph.str().find("mul: f64[3] = mul(l_x_, 4)") != std::string::npos, "the hook saw y = x * 4");
        expect(graph.str().find("add") == std::string::npos, "the hook ran before y + 1");
        expect(disas.str().find("-->       15 CALL") != std::string::npos, "the arrow is at the comptime call");
    }

    // 2. A hook that asks for a graph break: the translation stops at the call, with the
    //    hook's reason, breakable (the runtime would compile x * 4 and resume after it).
    {
        hooked_adapter::hooks["split"] = [](lasso::comptime_context<hooked_adapter>& ctx) { ctx.graph_break("split here"); };
        auto frame = frame_for("split");
        auto result = lasso::translator<hooked_adapter>(code, frame).run();
        expect(!result.captured() && result.reason() == "LB0002 split here" && result.breaks(),
               "the hook's graph break stops the translation at the call");
        expect(result.line() == 3, "the break is at line 3");
    }

    // 3. A hook that throws: its error is the reason, and no graph break can help.
    {
        hooked_adapter::hooks["broken"] = [](lasso::comptime_context<hooked_adapter>&) {
            throw std::runtime_error("the hook failed");
        };
        auto frame = frame_for("broken");
        auto result = lasso::translator<hooked_adapter>(code, frame).run();
        expect(!result.captured() && result.reason() == "LB0023 comptime callback raised: the hook failed" &&
                   !result.breaks(),
               "a hook that throws ends the translation with its error");
    }

    if (failures) {
        std::cerr << failures << " check(s) failed\n";
        return 1;
    }
    std::cout << "comptime hooks: all checks passed\n";
    return 0;
}
