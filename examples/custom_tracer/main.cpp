// A custom tracer: extending lasso's translator through its `Config` with
//  (a) a tracker type of our own, appended to the standard tracker list, and
//  (b) handlers of our own: for each of the instruction set's custom opcodes, by opcode
//      number, and for a semantic op (`op::binary_op`) whose library handler we extend.
//
// The interpreter is the minimal adapter's runtime
// (examples/minimal_adapter/tiny_runtime.hpp) with one opcode added to its instruction
// set: `SCALE k` multiplies the top of the stack by the integer k. The tracer does not
// record a multiplication per SCALE: it keeps a pending `scaled` tracker and folds
// consecutive SCALEs into one factor, so `SCALE 2; SCALE 3` becomes a single
// `mul(x, 6)` node, emitted when the value is used by the instruction set's other
// custom opcode, `SQUARE`, or by a binary operator. See docs/custom-tracer.md.
//
// Built and run as the test `example.custom_tracer`; it exits non-zero when the
// captured graphs are not the expected ones.
#include "tiny_runtime.hpp"

#include <lasso/lasso.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <iostream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace {

namespace hana = boost::hana;
namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;

// ---- the instruction set: the tiny runtime's, plus SCALE ----------------------------

/// The tiny runtime's adapter with one more opcode. A custom opcode states its stack
/// effect (one value in, one out) and, in this variable-width encoding, its argument
/// width (one byte).
struct scaling_adapter : tiny::adapter {
    static constexpr std::uint8_t SCALE = 0x61;

    static constexpr auto opcodes = [] {
        std::array<lasso::bytecode::opcode_info, tiny::adapter::opcodes.size() + 1> table{};
        std::copy(tiny::adapter::opcodes.begin(), tiny::adapter::opcodes.end(), table.begin());
        table.back() = {"SCALE",
                        SCALE,
                        lasso::op::custom,
                        lasso::bytecode::arg_kind::immediate,
                        lasso::bytecode::jump_kind::none,
                        lasso::bytecode::stack(1, 1),
                        1};
        return table;
    }();
};
static_assert(lasso::TranslatorAdapter<scaling_adapter>);

using meta = scaling_adapter::tensor_meta;
using value = scaling_adapter::value;

// ---- (a) the user tracker ------------------------------------------------------------

/// A tensor times an integer factor, not yet in the graph.
struct scaled {
    lasso::tracker_ref base; ///< the tensor being scaled
    std::int64_t factor = 1; ///< the product of the SCALE arguments so far
};

// ---- (b) the Config ------------------------------------------------------------------

/// A pending scale becomes a graph node `mul(base, factor)`; any other value is
/// returned as it is. (`tensor_op` throws `lasso::unsupported` when the adapter's shape
/// rules reject the operation; the translator records it as the frame's reason.)
template <class Translator> lasso::tracker_ref materialize(Translator& t, lasso::tracker_ref r) {
    const scaled* s = t.template as<scaled>(r);
    if (!s) return r;
    const lasso::tracker_ref args[] = {s->base, t.make_constant(s->factor)};
    return t.tensor_op("mul", args);
}

struct scale_config {
    /// The standard trackers, then ours.
    static constexpr auto trackers =
        lasso::extend_trackers(lasso::trackers::default_trackers<value, meta>, hana::tuple_t<scaled>);

    /// SCALE k, by its opcode number: a constant is scaled at once, a tensor or a pending
    /// scale becomes a pending scale.
    template <class T>
    static lasso::step handle(lasso::opcode<scaling_adapter::SCALE>, T& t, const typename T::instruction& inst) {
        const lasso::tracker_ref x = t.pop();
        const std::int64_t k = inst.arg;
        if (const auto* c = t.template as<lasso::trackers::constant_value>(x)) {
            const auto* i = std::get_if<std::int64_t>(&c->value);
            if (!i)
                throw lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                         "SCALE of a constant that is not an integer"};
            t.push(t.make_constant(*i * k)); // a constant stays a constant
            return lasso::next{};
        }
        if (const auto* s = t.template as<scaled>(x)) {
            t.push(t.add_tracker(scaled{s->base, s->factor * k}));
            return lasso::next{};
        }
        if (t.template as<lasso::trackers::tensor<meta>>(x)) {
            t.push(t.add_tracker(scaled{x, k}));
            return lasso::next{};
        }
        throw lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                 "SCALE of a value that is neither a tensor nor an integer"};
    }

    /// SQUARE, by its opcode number: x * x, a pending scale recorded first.
    template <class T> static lasso::step handle(lasso::opcode<C::SQUARE>, T& t, const typename T::instruction&) {
        const lasso::tracker_ref x = materialize(t, t.pop());
        const lasso::tracker_ref args[] = {x, x};
        t.push(t.tensor_op("mul", args));
        return lasso::next{};
    }

    /// Every binary operator (`op::binary_op`, whatever its opcode): pending scales among
    /// the operands are recorded, then the library's handler does the rest.
    template <class T>
    static lasso::step handle(lasso::semantic<lasso::op::binary_op>, T& t, const typename T::instruction& inst) {
        t.need(2);
        auto& stack = t.state().stack;
        for (std::size_t depth = 1; depth <= 2; ++depth)
            stack[stack.size() - depth] = materialize(t, stack[stack.size() - depth]);
        return t.template on<lasso::op::binary_op>(inst);
    }
};
static_assert(lasso::has_tracker_v<decltype(scale_config::trackers), scaled>);

using scale_translator = lasso::translator<scaling_adapter, scale_config>;

// ---- the programs, hand-assembled ----------------------------------------------------

/// def f(x, y): return square(x * 2 * 3) + y
scaling_adapter::code square_then_add() {
    scaling_adapter::code code;
    code.name = "f";
    code.argcount = 2;
    code.varnames = {"x", "y"};
    code.bytecode = {
        // clang-format off
        C::LDL, 0,                  // x
        scaling_adapter::SCALE, 2,  // pending x * 2
        scaling_adapter::SCALE, 3,  // pending x * 6: folded, still no node
        C::SQUARE,                  // mul(x, 6), then mul(that, that)
        C::LDL, 1,                  // y
        C::BINOP, 0,                // +
        // clang-format on
        C::RET,
    };
    return code;
}

/// def g(x): return x * (5 * 4), where SCALE folds the constant
scaling_adapter::code scale_a_constant() {
    scaling_adapter::code code;
    code.name = "g";
    code.argcount = 1;
    code.varnames = {"x"};
    code.constants = {tiny::make(std::int64_t{5})};
    code.bytecode = {C::LDL, 0, C::LDC, 0, 0, scaling_adapter::SCALE, 4, C::BINOP, 5, C::RET};
    return code;
}

/// def h(x, y): return x * 2 + y: a pending scale reaches BINOP, which the Config extends
scaling_adapter::code scale_then_add() {
    scaling_adapter::code code;
    code.name = "h";
    code.argcount = 2;
    code.varnames = {"x", "y"};
    code.bytecode = {C::LDL, 0, scaling_adapter::SCALE, 2, C::LDL, 1, C::BINOP, 0, C::RET};
    return code;
}

/// def k(x): return -(x * 2): a pending scale reaches NEG, a standard handler
scaling_adapter::code scale_then_negate() {
    scaling_adapter::code code;
    code.name = "k";
    code.argcount = 1;
    code.varnames = {"x"};
    code.bytecode = {C::LDL, 0, scaling_adapter::SCALE, 2, C::NEG, C::RET};
    return code;
}

// ---- checks --------------------------------------------------------------------------

int failures = 0;
void expect(bool ok, const std::string& what) {
    if (!ok) {
        std::cerr << "FAILED: " << what << "\n";
        ++failures;
    }
}

value vec(std::vector<double> data) {
    const auto n = static_cast<std::int64_t>(data.size());
    return tiny::make(tiny::tensor{{"f64", {n}}, std::move(data)});
}

/// How many trackers of the translation are `scaled`.
template <class Result> std::size_t count_scaled(const Result& result) {
    std::size_t n = 0;
    for (std::uint32_t i = 0; i < result.trackers.size(); ++i)
        if (result.trackers.template get_if<scaled>(lasso::tracker_ref{i})) ++n;
    return n;
}

/// The graph's call nodes as "target(arg, ...)" with node arguments by name.
std::vector<std::string> calls(const lasso::graph::graph<meta>& g) {
    std::vector<std::string> out;
    for (lasso::graph::node n : g.nodes()) {
        if (g.kind(n) != lasso::graph::node_kind::call_function) continue;
        std::string text = std::string(g.target(n)) + "(";
        const auto args = g.args(n);
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (i) text += ", ";
            if (auto* a = args[i].get_if<lasso::graph::node>()) text += g.name(*a);
            else if (auto* k = args[i].get_if<std::int64_t>()) text += std::to_string(*k);
            else text += "?";
        }
        out.push_back(text + ")");
    }
    return out;
}

} // namespace

int main() {
    // 1. Two SCALEs fold into one multiplication; SQUARE emits it.
    {
        auto code = square_then_add();
        tiny::frame frame;
        frame.locals = {vec({1, 2, 3}), vec({1, 1, 1})};
        auto result = scale_translator(code, frame).run();
        expect(result.captured(), "f is captured");
        if (!result.captured()) std::cerr << "  reason: " << result.reason() << "\n";
        lasso::output::finalize_graph(result); // the outputs are what the return value needs
        std::cout << "f(x, y) = square(x * 2 * 3) + y\n" << lasso::graph::print_readable(result.graph) << "\n";

        const std::vector<std::string> expected{"mul(l_x_, 6)", "mul(mul, mul)", "add(mul_1, l_y_)"};
        expect(calls(result.graph) == expected, "f's graph is mul(x, 6), mul(m, m), add(m2, y)");
        expect(count_scaled(result) == 2, "f made two scaled trackers (x * 2, then x * 6)");

        // The eager backend runs the graph: (6x)^2 + 1.
        const std::vector<value> inputs{*frame.locals[0], *frame.locals[1]};
        try {
            auto compiled = lasso::eager_backend<scaling_adapter>{}(result.graph, inputs);
            auto outputs = compiled(inputs);
            expect(outputs.size() == 1 && std::get<tiny::tensor>(outputs[0]->data).data == std::vector<double>{37, 145, 325},
                   "f computes (6x)^2 + y");
        } catch (const std::exception& e) {
            expect(false, std::string("f's graph runs with the eager backend (it threw: ") + e.what() + ")");
        }
    }

    // 2. SCALE of a constant is folded to a constant, which the standard BINOP handler
    //    then multiplies into the tensor.
    {
        auto code = scale_a_constant();
        tiny::frame frame;
        frame.locals = {vec({1, 2, 3})};
        auto result = scale_translator(code, frame).run();
        expect(result.captured(), "g is captured");
        lasso::output::finalize_graph(result);
        std::cout << "g(x) = x * SCALE(5, 4)\n" << lasso::graph::print_readable(result.graph) << "\n";
        expect(calls(result.graph) == std::vector<std::string>{"mul(l_x_, 20)"}, "g's graph is mul(x, 20)");
        expect(count_scaled(result) == 0, "g made no scaled tracker");
    }

    // 3. A pending scale reaches BINOP: the Config's handler of op::binary_op records it,
    //    then the library's handler adds.
    {
        auto code = scale_then_add();
        tiny::frame frame;
        frame.locals = {vec({1, 2, 3}), vec({1, 1, 1})};
        auto result = scale_translator(code, frame).run();
        expect(result.captured(), "h is captured");
        if (!result.captured()) std::cerr << "  reason: " << result.reason() << "\n";
        lasso::output::finalize_graph(result);
        std::cout << "h(x, y) = x * 2 + y\n" << lasso::graph::print_readable(result.graph) << "\n";
        const std::vector<std::string> expected{"mul(l_x_, 2)", "add(mul, l_y_)"};
        expect(calls(result.graph) == expected, "h's graph is mul(x, 2), add(m, y)");
    }

    // 4. The standard handlers do not know `scaled`: NEG, which the Config leaves to the
    //    library, meets a pending scale; the frame is not captured, and the translation
    //    says why.
    {
        auto code = scale_then_negate();
        tiny::frame frame;
        frame.locals = {vec({1, 2, 3})};
        auto result = scale_translator(code, frame).run();
        expect(!result.captured(), "k is not captured");
        if (!result.captured()) std::cout << "k(x) = -(x * 2) is not captured: " << result.reason() << "\n";
    }

    if (failures) {
        std::cerr << failures << " check(s) failed\n";
        return 1;
    }
    std::cout << "custom tracer: all checks passed\n";
    return 0;
}
