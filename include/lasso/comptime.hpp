// lasso/comptime.hpp
//
// comptime: code that runs while lasso translates a frame, with a view of the
// translation at the point where it runs. An interpreter exposes it to its programs as
// a builtin whose `builtin_behaviour` kind is `comptime`:
//
//   - the builtin named "comptime", called on a function `fn`: during translation, the
//     translator asks the adapter to call `fn(ctx)` (`A::run_comptime`), once per
//     translation, with `ctx` wrapping a `comptime_context`; outside capture the
//     interpreter's builtin does nothing;
//   - builtins named after a context method ("graph_break", "print_graph",
//     "print_disas", "print_value_stack", "print_value_stack_and_return",
//     "print_locals", "print_bt", "print_guards"): shortcuts the translator runs
//     itself for the frame that calls them; they take an optional `stacklevel`
//     (print_value_stack_and_return takes the value it returns first).
//
// What the context prints goes to the stream it is given (minipy gives stderr, so a
// program's stdout is the same captured and eager). `stacklevel` counts frames of the
// inline stack outwards: 0 is the frame the comptime call is in, 1 the frame that
// inlined its call, and so on; one past the outermost frame is a `std::out_of_range`.
//
// A callback that raises ends the translation with its error as the reason (the frame
// runs eagerly); `ctx.graph_break(msg)` records a graph break at the comptime call,
// made when the callback returns.
#pragma once

#include <lasso/adapter/concepts.hpp>
#include <lasso/constant.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace lasso {

/// A value known at trace time, as comptime gives it: a constant, or a tuple or list of
/// such.
struct comptime_constant {
    enum class container : std::uint8_t { none, tuple, list };
    container kind = container::none;
    constant scalar = none_t{}; ///< when `kind` is none
    std::vector<comptime_constant> items = {};
};

/// What the translation knows of one value at the comptime call.
template <class Value, class Meta> struct comptime_value {
    /// How the translation tracks it: "a tensor f64[2]", "the constant 3", "a list", ...
    std::string description;
    /// The name of its type ("int", "list", "Tensor", or the class of an object).
    std::string python_type;
    /// The interpreter's value, for a value read from the frame (an object, a function,
    /// a class); empty for what the trace computed.
    std::optional<Value> object;
    /// The value, when it is known at trace time (`as_python_constant`).
    std::optional<comptime_constant> constant;
    /// For a tensor: its shape and dtype (`as_fake`).
    std::optional<Meta> fake;

    bool is_python_constant() const noexcept { return constant.has_value(); }
    /// Whether it is a value of the graph (a tensor), whose data is known only when the
    /// graph runs.
    bool is_proxy() const noexcept { return fake.has_value(); }
};

/// The view of the translation a comptime callback gets. It is valid only while the
/// callback runs.
template <class A> class comptime_context {
public:
    using value = typename A::value;
    using meta = typename A::tensor_meta;
    using value_view = comptime_value<value, meta>;

    virtual ~comptime_context() = default;

    /// Local (or cell variable) `name` of the frame `stacklevel` frames out; empty when
    /// the frame has no such variable or it has no value there.
    virtual std::optional<value_view> get_local(std::string_view name, std::size_t stacklevel = 0) = 0;
    /// Asks for a graph break at the comptime call, with `message` as its reason.
    virtual void graph_break(std::string message) = 0;
    /// How many frames the inline stack has (the largest valid `stacklevel` plus one).
    virtual std::size_t frames() const = 0;

    /// The graph traced so far, as `lasso::graph::print_readable` shows it.
    virtual void print_graph(std::ostream& out) const = 0;
    /// The frame's code, with "-->" at the instruction being evaluated.
    virtual void print_disas(std::ostream& out, std::size_t stacklevel = 0) const = 0;
    /// The frame's value stack, bottom first, one value a line.
    virtual void print_value_stack(std::ostream& out, std::size_t stacklevel = 0) const = 0;
    /// Each local of the frame that has a value: its name and how it is tracked (for a
    /// tensor, its shape and dtype).
    virtual void print_locals(std::ostream& out, std::size_t stacklevel = 0) const = 0;
    /// The inline stack from the outermost frame in to the frame: file, line, function,
    /// and the source line when the file can be read.
    virtual void print_bt(std::ostream& out, std::size_t stacklevel = 0) const = 0;
    /// The guards the translation has made so far, one a line.
    virtual void print_guards(std::ostream& out) const = 0;
};

/// The function a comptime call passes: a function value, or, for one made during
/// tracing (a lambda or a nested `def`), its code constant, which the adapter makes into
/// a function with the frame's globals (such a callback has no defaults and no closure).
template <class A> struct comptime_callback {
    typename A::value function;
    bool is_code = false;
};

// An adapter runs comptime callbacks when it declares `lasso::feature::comptime`:
// `run_comptime(callback, frame, ctx)` calls the function with an object of the
// interpreter wrapping `ctx` (its methods call the context's), with capture off, and
// returns the error it raised, if it raised (`ComptimeAdapter`, lasso/adapter/concepts.hpp).

} // namespace lasso
