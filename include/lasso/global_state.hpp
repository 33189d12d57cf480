// lasso/global_state.hpp
//
// The interpreter's global state that graphs depend on (grad mode, in minipy): flags
// that captured code may read (`is_grad_enabled()`) and change (`no_grad()`,
// `set_grad_enabled(flag)`), and that graphs are guarded on.
//
// An adapter declares its variables as `static constexpr std::array<lasso::
// global_state_variable, N> global_states`, with `static bool global_state(std::size_t
// i)` to read variable i (feature `global_states`), and `static void
// set_global_state(std::size_t i, bool on)` to set it (feature `global_state_setter`).
// Without `global_states` there is one variable, grad mode, read through the required
// `grad_enabled()`; it can be set only when the adapter also declares
// `global_state_setter` (index 0). A variable the adapter cannot set is still guarded,
// and captured code that changes it is not captured (a graph break).
//
// Guards. By default every translation guards every variable, as Dynamo does for grad
// mode: in an interpreter with autograd, every tensor operation depends on it. A
// variable declared `explicit_reads_only` is one that nothing but explicit reads
// depends on (minipy's grad mode: there is no autograd); a translation guards it only
// when the trace reads its value before setting it: `is_grad_enabled()` folded to a
// constant, or a `with no_grad():` block that saves the value to put it back. A
// translation that never reads it leaves it as it finds it, so its entry serves both
// values.
//
// A change of state during tracing is a graph node (`set_grad_enabled(False)`: the
// variable's `setter` applied to the new value) that backends run in order with the
// tensor operations: running it sets the interpreter's variable, so operations after it
// run in the new state and the graph leaves the state as the eager run would.
#pragma once

#include <lasso/adapter.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace lasso {

/// One global-state variable of an interpreter.
struct global_state_variable {
    std::string_view name;   ///< in guards: `grad_mode == True`
    std::string_view label;  ///< in messages: "grad mode is enabled, but it is disabled"
    std::string_view setter; ///< the graph target that sets it: `set_grad_enabled(False)`
    /// Whether only explicit reads depend on the variable (no operation does): then a
    /// translation guards it only when the trace reads it before setting it.
    bool explicit_reads_only = false;
};

// `GlobalStateAdapter` (feature global_states), `GlobalStateSetterAdapter` (feature
// global_state_setter) and `ContextManagerAdapter` (feature context_manager_values) are
// in lasso/adapter/concepts.hpp, made from the requirement table.

namespace detail {
inline constexpr std::array<global_state_variable, 1> default_global_states{
    global_state_variable{"grad_mode", "grad mode", "set_grad_enabled", false}};
} // namespace detail

/// The adapter's global-state variables (grad mode alone by default).
template <class A> constexpr std::span<const global_state_variable> global_states() noexcept {
    if constexpr (GlobalStateAdapter<A>) return std::span<const global_state_variable>(A::global_states);
    else return std::span<const global_state_variable>(detail::default_global_states);
}

/// The interpreter's value of variable `i` now.
template <class A> bool read_global_state(std::size_t i) {
    if constexpr (GlobalStateAdapter<A>) return static_cast<bool>(A::global_state(i));
    else return (void)i, static_cast<bool>(A::grad_enabled());
}

/// Every variable's value now, in declaration order.
template <class A> std::vector<bool> read_global_states() {
    const auto vars = global_states<A>();
    std::vector<bool> out(vars.size());
    for (std::size_t i = 0; i < vars.size(); ++i) out[i] = read_global_state<A>(i);
    return out;
}

/// Sets variable `i`; false when the adapter cannot.
template <class A> bool set_global_state(std::size_t i, bool on) {
    if constexpr (GlobalStateSetterAdapter<A>) {
        A::set_global_state(i, on);
        return true;
    } else {
        return (void)i, (void)on, false;
    }
}

/// The variable whose setter is `target`, or -1 (a graph node of another kind).
template <class A> long global_state_of_setter(std::string_view target) noexcept {
    const auto vars = global_states<A>();
    for (std::size_t i = 0; i < vars.size(); ++i)
        if (vars[i].setter == target) return static_cast<long>(i);
    return -1;
}

/// Puts the saved values back (on the way out of a compiled graph that raised, or of
/// a backend's compilation).
template <class A> void restore_global_states(const std::vector<bool>& saved) {
    for (std::size_t i = 0; i < saved.size(); ++i)
        if (read_global_state<A>(i) != saved[i]) set_global_state<A>(i, saved[i]);
}

} // namespace lasso
