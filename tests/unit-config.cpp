// What a translator's Config can do with handlers (translator/dispatch.hpp): replace the
// handler of a semantic op, give one opcode a handler of its own that wins over its
// semantic op's, add to the library's handler, and leave a custom opcode unhandled.
#include "tiny_runtime.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;
using lasso::op;

namespace {
/// The tiny instruction set with a second custom opcode: CUBE replaces the top of the
/// stack by its cube (SQUARE, the first, by its square).
struct cube_adapter : tiny::adapter {
    static constexpr std::uint8_t CUBE = 0x62;
    static constexpr auto opcodes = [] {
        std::array<lasso::bytecode::opcode_info, tiny::adapter::opcodes.size() + 1> table{};
        std::copy(tiny::adapter::opcodes.begin(), tiny::adapter::opcodes.end(), table.begin());
        table.back() = {"CUBE",
                        CUBE,
                        op::custom,
                        lasso::bytecode::arg_kind::none,
                        lasso::bytecode::jump_kind::none,
                        lasso::bytecode::stack(1, 1),
                        0};
        return table;
    }();
};

template <class T> lasso::tracker_ref times(T& t, lasso::tracker_ref a, lasso::tracker_ref b) {
    const lasso::tracker_ref args[] = {a, b};
    return t.tensor_op("mul", args);
}

/// Every custom opcode squares; CUBE, by number, cubes; NEG multiplies by -1 instead of
/// recording `neg`.
struct cube_config : lasso::default_config<cube_adapter> {
    template <class T> static lasso::step handle(lasso::semantic<op::custom>, T& t, const typename T::instruction&) {
        const auto x = t.pop();
        t.push(times(t, x, x));
        return lasso::next{};
    }
    template <class T> static lasso::step handle(lasso::opcode<cube_adapter::CUBE>, T& t, const typename T::instruction&) {
        const auto x = t.pop();
        t.push(times(t, times(t, x, x), x));
        return lasso::next{};
    }
    template <class T> static lasso::step handle(lasso::semantic<op::unary_negative>, T& t, const typename T::instruction&) {
        const auto x = t.pop();
        t.push(times(t, x, t.make_constant(std::int64_t{-1})));
        return lasso::next{};
    }
};

/// Only CUBE has a handler: SQUARE, the other custom opcode, has none.
struct cube_only_config : lasso::default_config<cube_adapter> {
    template <class T> static lasso::step handle(lasso::opcode<cube_adapter::CUBE>, T& t, const typename T::instruction&) {
        const auto x = t.pop();
        t.push(times(t, times(t, x, x), x));
        return lasso::next{};
    }
};

/// BINOP as the library does it, on its operands swapped: adds to the library's handler.
struct swapping_config : lasso::default_config<cube_adapter> {
    template <class T> static lasso::step handle(lasso::semantic<op::binary_op>, T& t, const typename T::instruction& inst) {
        auto& stack = t.state().stack;
        t.need(2);
        std::swap(stack[stack.size() - 1], stack[stack.size() - 2]);
        return t.template on<op::binary_op>(inst);
    }
};

tiny::value tensor3() { return tiny::make(tiny::tensor{{"f64", {3}}, {1, 2, 3}}); }

tiny::frame frame_of(std::size_t locals) {
    tiny::frame f;
    for (std::size_t i = 0; i < locals; ++i) f.locals.push_back(tensor3());
    return f;
}

cube_adapter::code code_of(std::vector<std::string> varnames, std::vector<std::uint8_t> bytes) {
    cube_adapter::code code;
    code.name = "f";
    code.argcount = static_cast<int>(varnames.size());
    code.varnames = std::move(varnames);
    code.bytecode = std::move(bytes);
    return code;
}

/// The graph of `code` translated with `Config` on `locals` tensors, or why it is not
/// captured.
template <class Config = lasso::default_config<cube_adapter>>
std::string translate(const cube_adapter::code& code, std::size_t locals) {
    auto result = lasso::translator<cube_adapter, Config>(code, frame_of(locals)).run();
    if (!result.captured()) return "not captured: " + result.reason();
    lasso::output::finalize_graph(result);
    return lasso::graph::print_readable(result.graph);
}
} // namespace

TEST_CASE("a Config replaces the handler of a semantic op") {
    // NEG x: the library records neg(x); cube_config records mul(x, -1).
    auto code = code_of({"x"}, {C::LDL, 0, C::NEG, C::RET});
    CHECK(translate(code, 1).find("neg(l_x_)") != std::string::npos);
    CHECK(translate<cube_config>(code, 1) ==
          "graph(l_x_: f64[3]):\n"
          "    mul: f64[3] = mul(l_x_, -1)\n"
          "    return (mul,)\n");
}

TEST_CASE("an opcode's own handler wins over its semantic op's") {
    // SQUARE and CUBE are both op::custom: SQUARE gets the semantic op's handler, CUBE its own.
    auto code = code_of({"x", "y"}, {C::LDL, 0, C::SQUARE, C::LDL, 1, cube_adapter::CUBE, C::BINOP, 0, C::RET});
    CHECK(translate<cube_config>(code, 2) ==
          "graph(l_x_: f64[3], l_y_: f64[3]):\n"
          "    mul: f64[3] = mul(l_x_, l_x_)\n"
          "    mul_1: f64[3] = mul(l_y_, l_y_)\n"
          "    mul_2: f64[3] = mul(mul_1, l_y_)\n"
          "    add: f64[3] = add(mul, mul_2)\n"
          "    return (add,)\n");
}

TEST_CASE("a custom opcode without a handler gives up with its reason") {
    auto cube = code_of({"x"}, {C::LDL, 0, cube_adapter::CUBE, C::RET});
    auto square = code_of({"x"}, {C::LDL, 0, C::SQUARE, C::RET});
    CHECK(translate<cube_only_config>(cube, 1).starts_with("graph("));
    CHECK(translate<cube_only_config>(square, 1) ==
          "not captured: LB0016 custom opcode SQUARE has no handler in the translator's Config");
    CHECK(translate(cube, 1) == "not captured: LB0016 custom opcode CUBE has no handler in the translator's Config");
}

TEST_CASE("a Config handler may call the library's handler of its op") {
    // x - y with the operands swapped first: sub(y, x).
    auto code = code_of({"x", "y"}, {C::LDL, 0, C::LDL, 1, C::BINOP, 10, C::RET});
    CHECK(translate<swapping_config>(code, 2) ==
          "graph(l_x_: f64[3], l_y_: f64[3]):\n"
          "    sub: f64[3] = sub(l_y_, l_x_)\n"
          "    return (sub,)\n");
}

TEST_CASE("which Config handlers exist is known at compile time") {
    using T = lasso::translator<cube_adapter, cube_config>;
    static_assert(lasso::config_handles<cube_config, T, lasso::opcode<cube_adapter::CUBE>>());
    static_assert(lasso::config_handles<cube_config, T, lasso::semantic<op::custom>>());
    static_assert(lasso::config_handles<cube_config, T, lasso::semantic<op::unary_negative>>());
    static_assert(!lasso::config_handles<cube_config, T, lasso::opcode<C::SQUARE>>());
    static_assert(!lasso::config_handles<cube_config, T, lasso::semantic<op::binary_op>>());
    using D = lasso::translator<cube_adapter>;
    static_assert(!lasso::config_handles<lasso::default_config<cube_adapter>, D, lasso::semantic<op::custom>>());
    // Handlers are no part of the Config concept (lasso/config.hpp): a Config that
    // overrides them, with the default trackers, is a Config.
    static_assert(lasso::CaptureConfig<cube_config, cube_adapter>);
    static_assert(lasso::CaptureConfig<cube_only_config, cube_adapter>);
    static_assert(lasso::CaptureConfig<swapping_config, cube_adapter>);
    CHECK(true); // the static_asserts are the test
}
