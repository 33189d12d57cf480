// lasso/global_state_functions.hpp
//
// Functions of lasso's own that read and set a global-state variable, for generated code
// at a graph break inside `with no_grad():` blocks (output/break_code.hpp,
// resume/resume_code.hpp). The instruction at the break runs in the interpreter, and
// may change the state itself (a call of a function that is never captured and calls
// `set_grad_enabled`); the code after it reads the state with the reader, and the
// resume function, having entered the blocks again, sets it with the setter to what it
// read. The trace need not have called the interpreter's own setter for this.
//
// The setter is a host function (`make_host_function`) the translator knows: a code
// constant that is one of them is a builtin of kind `state_set`
// (`builtin_behaviour_of`), so a resume function's prologue that calls it is traced
// like `set_grad_enabled(flag)`. Each is made once per variable and runtime (its
// capture pipeline holds them: global_state_function_table), since generated code holds
// it as a constant and its identity must stay unique while the runtime lives.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/global_state.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace lasso {

/// Whether the adapter can run lasso's reader and setter of global state: it sets state,
/// makes host functions, and turns constants into values and back.
template <class A>
inline constexpr bool
    has_global_state_functions = GlobalStateSetterAdapter<A>&& requires(const constant& c, const typename A::value& v,
                                                                        host_function<typename A::value> fn) {
    { A::value_of_constant(c) } -> std::convertible_to<typename A::value>;
    { A::constant_from_value(v) } -> std::convertible_to<std::optional<constant>>;
    { A::make_host_function(std::string(), std::move(fn)) } -> std::convertible_to<typename A::value>;
};

/// The reader and setter made so far, held by the capture pipeline of one runtime
/// (runtime/capture.hpp): the values belong to the interpreter the runtime serves, and
/// are kept alive with it, so no other object takes a setter's identity meanwhile.
template <class A> struct global_state_function_table {
    std::vector<std::optional<typename A::value>> readers, setters;
    std::vector<std::uintptr_t> setter_identities; ///< of each setter made, by variable
};

namespace detail {
template <class A> inline thread_local global_state_function_table<A>* current_state_functions = nullptr;
template <class A> global_state_function_table<A>& state_functions_in_use() {
    if (!current_state_functions<A>)
        throw std::logic_error("lasso: global-state functions are made only while a runtime captures a frame");
    return *current_state_functions<A>;
}
} // namespace detail

/// Makes `table` the one generated code takes its functions from while it lives.
template <class A> class global_state_function_scope {
public:
    explicit global_state_function_scope(global_state_function_table<A>& table) noexcept
        : previous_(detail::current_state_functions<A>) {
        detail::current_state_functions<A> = &table;
    }
    ~global_state_function_scope() { detail::current_state_functions<A> = previous_; }
    global_state_function_scope(const global_state_function_scope&) = delete;
    global_state_function_scope& operator=(const global_state_function_scope&) = delete;

private:
    global_state_function_table<A>* previous_;
};

/// `reader()`: the value of variable `i` now, as the interpreter's bool.
template <class A> const typename A::value& global_state_reader(std::size_t i) {
    static_assert(has_global_state_functions<A>);
    using value = typename A::value;
    auto& table = detail::state_functions_in_use<A>();
    if (table.readers.size() <= i) table.readers.resize(i + 1);
    if (!table.readers[i])
        table.readers[i] = A::make_host_function("lasso_read_state", [i](std::span<const value> args) -> value {
            if (!args.empty()) throw std::logic_error("lasso_read_state takes no arguments");
            return A::value_of_constant(constant{read_global_state<A>(i)});
        });
    return *table.readers[i];
}

/// `setter(flag)`: sets variable `i` to `flag` (a bool).
template <class A> const typename A::value& global_state_setter(std::size_t i) {
    static_assert(has_global_state_functions<A>);
    using value = typename A::value;
    auto& table = detail::state_functions_in_use<A>();
    if (table.setters.size() <= i) {
        table.setters.resize(i + 1);
        table.setter_identities.resize(i + 1, 0);
    }
    if (!table.setters[i]) {
        table.setters[i] = A::make_host_function("lasso_set_state", [i](std::span<const value> args) -> value {
            const auto flag = args.size() == 1 ? A::constant_from_value(args[0]) : std::nullopt;
            if (!flag || !std::holds_alternative<bool>(*flag)) throw std::logic_error("lasso_set_state takes one bool");
            A::set_global_state(i, std::get<bool>(*flag));
            return A::value_of_constant(constant{none_t{}});
        });
        table.setter_identities[i] = A::identity(*table.setters[i]);
    }
    return *table.setters[i];
}

/// The variable `v` sets if it is one of lasso's setters.
template <class A> std::optional<std::size_t> global_state_set_by(const typename A::value& v) {
    if (!detail::current_state_functions<A>) return std::nullopt;
    const auto& ids = detail::current_state_functions<A>->setter_identities;
    if (ids.empty()) return std::nullopt;
    const std::uintptr_t id = A::identity(v);
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] != 0 && ids[i] == id) return i;
    return std::nullopt;
}

/// What calling builtin `v` does: the adapter's answer, or `state_set` for lasso's setters.
template <class A> builtin_behaviour builtin_behaviour_of(const typename A::value& v) {
    if constexpr (has_global_state_functions<A>) {
        if (const auto i = global_state_set_by<A>(v)) {
            builtin_behaviour b{builtin_kind::state_set, std::string(global_states<A>()[*i].setter)};
            b.state = *i;
            return b;
        }
    }
    return A::builtin_behaviour(v);
}

} // namespace lasso
