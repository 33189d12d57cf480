// lasso/translator/handlers/calls.hpp
//
// Handlers of calls: keyword names, calls of builtins by their behaviour (a tensor
// operation, a pure function folded at trace time through `A::call_pure`, len, range,
// enumerate, zip, sum; conversions and ordering: translator/conversions.hpp; getattr and
// friends: translator/attribute_builtins.hpp), tensor methods; making functions; calls of interpreted functions,
// inlined, and of classes, whose `__init__` is inlined on a new object
// (translator/inline.hpp); list and dict methods (translator/mutations.hpp); making
// functions, with their closure cells (`made_function`). Data-dependent and effectful builtins are
// not modelled here.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/trackers/special_methods.hpp>
#include <lasso/translator/comptime_calls.hpp>
#include <lasso/global_state_functions.hpp>
#include <lasso/translator/context_managers.hpp>
#include <lasso/fold.hpp>
#include <lasso/translator/ask.hpp>
#include <lasso/translator/attribute_builtins.hpp>
#include <lasso/translator/conversions.hpp>
#include <lasso/translator/higher_order.hpp>
#include <lasso/translator/handlers/control_flow.hpp>
#include <lasso/translator/handlers/operators.hpp>
#include <lasso/translator/inline.hpp>
#include <lasso/translator/mutations.hpp>
#include <lasso/translator/step.hpp>
#include <lasso/translator/user_context_managers.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace lasso::handlers {

/// A pure builtin run at trace time on arguments known at trace time.
template <class T>
tracker_ref call_pure(T& t, const trackers::builtin<typename T::value>& b, std::span<const tracker_ref> args) {
    using A = typename T::adapter;
    using value = typename T::value;
    if constexpr (requires(const constant& c) {
                      { A::value_of_constant(c) } -> std::convertible_to<value>;
                  }) {
        if (!b.fn) give_up(reasons::builtin_call, "call of ", b.name, "() without a value");
        std::vector<value> values;
        values.reserve(args.size());
        for (auto a : args) {
            auto v = t.pure_value(a);
            if (!v && trackers::value_is_data(t.arena(), a)) {
                // A builtin the adapter makes a tensor operation on tensors (`abs(x)`).
                const builtin_behaviour behaviour = builtin_behaviour_of<A>(*b.fn);
                if (!behaviour.on_tensors.empty()) return t.tensor_op(behaviour.on_tensors, args);
            }
            if (!v) give_up(reasons::value_not_constant, "call of ", b.name, "() on ", t.describe(a), " (not a constant)");
            values.push_back(std::move(*v));
        }
        std::optional<value> result = A::call_pure(*b.fn, std::span<const value>(values));
        if (!result) {
            std::string on;
            for (auto a : args) on += (on.empty() ? "" : ", ") + t.describe(a);
            give_up(reasons::builtin_call, b.name, "() of ", on,
                    " could not be evaluated at trace time (the adapter's call_pure declined)");
        }
        auto c = A::constant_from_value(*result);
        if (!c) give_up(reasons::value_not_constant, b.name, "() returned a value that is not a constant");
        return t.make_constant(std::move(*c));
    } else {
        (void)args;
        give_up(reasons::adapter_cannot, "call of ", b.name,
                "(): the adapter cannot make constants into values (value_of_constant)");
    }
}

/// A method of a constant (`'-'.join(parts)`, `s.split(',')`) run at trace time through
/// the adapter's `call_constant_method` on arguments known at trace time; empty when
/// `args[0]` (the method's self) is no constant or the adapter does not run methods.
template <class T>
std::optional<tracker_ref> call_constant_method(T& t, const std::string& name, std::span<const tracker_ref> args) {
    using A = typename T::adapter;
    const constant* self = trackers::known_constant_of(t.arena(), args[0]);
    if constexpr (!ConstantMethodsAdapter<A>) {
        (void)name;
        return std::nullopt;
    } else {
        if (!self) return std::nullopt;
        std::vector<typename T::value> values;
        values.reserve(args.size());
        for (tracker_ref a : args) {
            auto v = t.pure_value(a);
            if (!v)
                give_up(reasons::unsupported_method, "method '", name, "' of ", brief_repr(*self), " on ", t.describe(a),
                        " (not known at trace time)");
            values.push_back(std::move(*v));
        }
        const auto result = A::call_constant_method(name, std::span<const typename T::value>(values));
        if (!result)
            give_up(reasons::unsupported_method, "method '", name, "' of ", brief_repr(*self),
                    " could not be evaluated at trace time");
        if (auto r = t.constant_tracker(*result)) return *r;
        give_up(reasons::unsupported_method, "method '", name, "' of ", brief_repr(*self),
                " returned a value that is not a constant");
    }
}

/// An int argument the call needs concretely (a symbolic size is specialized).
template <class T> std::int64_t int_argument(T& t, tracker_ref r, const char* what) {
    auto n = trackers::concrete_int(t.arena(), r);
    if (!n) give_up(reasons::value_not_constant, what, " of ", t.describe(r), " (not an int constant)");
    return *n;
}

/// A call of builtin `b` on `args`, by the behaviour the adapter gave it.
template <class T>
tracker_ref call_builtin(T& t, const trackers::builtin<typename T::value>& b, std::span<const tracker_ref> args,
                         const std::vector<std::string>& kw_names) {
    // A method's first argument is the object it was looked up on; code that popped
    // that object calls the method bare.
    if (b.method && args.empty())
        give_up(reasons::unsupported_method, "method '", b.name,
                "' called on nothing instead of the object it was looked up on");
    switch (b.kind) {
    case builtin_kind::graph_break:
        if (b.method) {
            if (kw_names.empty()) {
                if (auto r = call_container_method(t, b.name, args)) return *r;
                if (auto r = call_constant_method(t, b.name, args)) return *r;
            }
            const bool object = t.object_value(args[0]) != nullptr; // args[0] is the method's self
            if (object)
                give_up(reasons::unsupported_method, "call of method '", b.name, "' of ", t.describe(args[0]),
                        ": inlining of interpreted methods is not supported yet");
            give_up(reasons::unsupported_method, "method '", b.name, "' of ", t.describe(args[0]), " is not supported yet");
        }
        if (b.name == "graph_break") give_up(reasons::explicit_break, "graph_break() called");
        give_up(reasons::builtin_call, "call of ", b.name, "()");
    case builtin_kind::comptime: return call_comptime(t, b.name, args, kw_names);
    case builtin_kind::higher_order: return call_higher_order(t, b.name, args, kw_names);
    case builtin_kind::list:
    case builtin_kind::tuple:
    case builtin_kind::dict:
    case builtin_kind::sorted:
    case builtin_kind::min:
    case builtin_kind::max: return call_conversion(t, b.kind, b.name, args, kw_names);
    case builtin_kind::tensor_op: return t.tensor_op(b.name, args, b.method, kw_names);
    default: break;
    }
    if (!kw_names.empty()) {
        std::string names;
        for (const auto& k : kw_names) names += (names.empty() ? "" : ", ") + k;
        give_up(reasons::call_form_unsupported, "call of ", b.name, "() with keyword arguments (", names,
                ") is not supported yet");
    }
    switch (b.kind) {
    case builtin_kind::context_manager:
    case builtin_kind::state_read:
    case builtin_kind::state_set:
        if (!b.fn) give_up(reasons::builtin_call, "call of ", b.name, "() without a value");
        return call_state_builtin(t, builtin_behaviour_of<typename T::adapter>(*b.fn), args);
    case builtin_kind::getattr:
    case builtin_kind::hasattr:
    case builtin_kind::setattr: return call_attribute_builtin(t, b.kind, args);
    case builtin_kind::pure: return call_pure(t, b, args);
    case builtin_kind::truth:
        if (args.size() == 1)
            if (auto truth = ask::traced_truth(t, args[0])) return t.make_constant(*truth);
        return call_pure(t, b, args);
    case builtin_kind::len: {
        if (args.size() != 1) give_up(reasons::wrong_arguments, "len() takes one argument");
        if (auto n = t.known_length(args[0])) return t.make_constant(static_cast<std::int64_t>(*n));
        if (auto n = ask::len(t, args[0])) return *n;
        give_up(reasons::value_not_constant, "len() of ", t.describe(args[0]));
    }
    case builtin_kind::iter:
        if (args.size() != 1) give_up(reasons::wrong_arguments, "iter() takes one argument here");
        return iterate(t, args[0]);
    case builtin_kind::range: {
        if (args.empty() || args.size() > 3) give_up(reasons::wrong_arguments, "range() takes 1 to 3 arguments");
        std::int64_t bounds[3] = {0, 0, 1};
        for (std::size_t i = 0; i < args.size(); ++i) bounds[args.size() == 1 ? 1 : i] = int_argument(t, args[i], "range()");
        if (bounds[2] == 0) give_up(reasons::would_raise, "range() step must not be zero");
        return t.add_tracker(trackers::range{bounds[0], bounds[1], bounds[2]});
    }
    case builtin_kind::enumerate: {
        if (args.empty() || args.size() > 2) give_up(reasons::wrong_arguments, "enumerate() takes 1 or 2 arguments");
        std::int64_t start = args.size() == 2 ? int_argument(t, args[1], "enumerate() start") : 0;
        auto items = t.items_of(args[0]);
        ask::copied_for_iteration(t, args[0]);
        std::vector<tracker_ref> pairs;
        for (tracker_ref item : items) {
            const tracker_ref index = t.make_constant(start++);
            pairs.push_back(t.add_tracker(trackers::tuple{{index, item}}));
        }
        return t.add_tracker(trackers::iterator{std::move(pairs), 0, {}, 0});
    }
    case builtin_kind::sum: {
        // start + first + second ..., each `+` as the operator does it: folded on
        // constants, a graph node on tensors (minipy and CPython 3.11 add floats one
        // by one, too).
        if (args.empty() || args.size() > 2) give_up(reasons::wrong_arguments, "sum() takes 1 or 2 arguments");
        tracker_ref total = args.size() == 2 ? args[1] : t.make_constant(std::int64_t{0});
        if (const constant* c = trackers::known_constant_of(t.arena(), total); c && std::holds_alternative<std::string>(*c))
            give_up(reasons::would_raise, "sum() of strings");
        const std::vector<tracker_ref> items = t.items_of(args[0]);
        for (tracker_ref item : items)
            total = binary(t, static_cast<std::int64_t>(bytecode::binary_operator::add), total, item);
        return total;
    }
    case builtin_kind::zip: {
        std::vector<std::vector<tracker_ref>> columns;
        for (tracker_ref a : args) {
            columns.push_back(t.items_of(a));
            ask::copied_for_iteration(t, a);
        }
        std::size_t n = columns.empty() ? 0 : columns[0].size();
        for (const auto& column : columns) n = std::min(n, column.size());
        std::vector<tracker_ref> rows;
        for (std::size_t i = 0; i < n; ++i) {
            std::vector<tracker_ref> row;
            for (const auto& column : columns) row.push_back(column[i]);
            rows.push_back(t.add_tracker(trackers::tuple{std::move(row)}));
        }
        return t.add_tracker(trackers::iterator{std::move(rows), 0, {}, 0});
    }
    default: break;
    }
    give_up(reasons::builtin_call, "call of ", b.name, "()");
}

/// A call of `callee` on `args`, for the callee's family to say what it does
/// (`on_call`, trackers/*.hpp): inline it, construct an instance, close a with block or
/// call a builtin.
template <class T> class call_site {
public:
    call_site(T& t, tracker_ref callee, std::span<const tracker_ref> args, const std::vector<std::string>& kw_names)
        : t_(t), callee_(callee), args_(args), kw_names_(kw_names) {}

    tracker_ref callee() const noexcept { return callee_; }
    tracker_ref inline_function() { return inline_call(t_, callee_, args_, kw_names_); }
    tracker_ref construct() { return construct_object(t_, callee_, args_, kw_names_); }
    /// The call of `method`, an object from the frame: when the adapter reads its
    /// `__func__` and `__self__` (a bound method), the call of the function on the object
    /// with the arguments after it (both read, and guarded, through the method); empty
    /// for any other object.
    std::optional<tracker_ref> call_bound_method(const typename T::value& method) {
        using A = typename T::adapter;
        const typename T::value bound = method; // adding trackers may move the record it lives in
        if (!A::attribute(bound, "__func__") || !A::attribute(bound, "__self__")) return std::nullopt;
        const tracker_ref function = t_.attribute_of(callee_, bound, "__func__");
        std::vector<tracker_ref> with_self{t_.attribute_of(callee_, bound, "__self__")};
        with_self.insert(with_self.end(), args_.begin(), args_.end());
        call_site inner(t_, function, with_self, kw_names_);
        return ask::on_call(t_, inner);
    }
    /// `o(args...)` of an instance of the user class tracked by `cls`, where the adapter
    /// says instances are called so (lasso::feature::callable_instances): the class's
    /// `__call__` (looked up on the class, as the interpreter does: an attribute of the
    /// instance's own does not count), inlined on the object; empty when `cls` is (not an
    /// instance of a user class). Without `__call__` the interpreter raises TypeError.
    std::optional<tracker_ref> call_instance(std::optional<tracker_ref> cls) {
        if (!cls || !callable_instances<typename T::adapter>()) return std::nullopt;
        const auto method = trackers::detail::special_method(t_, callee_, cls, "__call__");
        if (!method) give_up(reasons::would_raise, "call of ", t_.describe(callee_), ", whose class has no __call__");
        std::vector<tracker_ref> with_self{callee_};
        with_self.insert(with_self.end(), args_.begin(), args_.end());
        return inline_call(t_, *method, with_self, kw_names_);
    }
    /// The translator the call is in (for the families' questions about the callee).
    T& translator() const noexcept { return t_; }
    /// `__exit__` at the end of a with block.
    tracker_ref exit_block(const trackers::context_manager& manager) {
        return manager.user_exit ? exit_user_with(t_, manager, callee_, args_) : exit_with(t_, manager, callee_, args_);
    }
    tracker_ref builtin(const trackers::builtin<typename T::value>& b) {
        // Tracker records never move, so `b` stays valid while the call adds trackers.
        const builtin_kind kind = b.kind;
        const tracker_ref result = call_builtin(t_, b, args_, kw_names_);
        if (kind == builtin_kind::context_manager) {
            // Made again by the same call where it outlives the trace.
            remember_call(t_.template edit<trackers::context_manager>(result)->call);
        }
        if (kind == builtin_kind::range) t_.template edit<trackers::range>(result)->maker = callee_;
        if (kind == builtin_kind::enumerate || kind == builtin_kind::zip) {
            // Over a list, dict or dict view, the interpreter's iterator sees later
            // changes: remember the call, which generated code makes again
            // (output/reconstruct.hpp).
            const bool live = std::any_of(args_.begin(), args_.end(),
                                          [&](tracker_ref a) { return trackers::iterated_live(t_.arena(), a); });
            if (live) remember_call(t_.template edit<trackers::iterator>(result)->call);
        }
        return result;
    }

private:
    void remember_call(std::vector<tracker_ref>& call) const {
        call.push_back(callee_);
        call.insert(call.end(), args_.begin(), args_.end());
    }

    T& t_;
    tracker_ref callee_;
    std::span<const tracker_ref> args_;
    const std::vector<std::string>& kw_names_;
};

template <bytecode::op O, class T> step calls(T& t, const typename T::instruction& inst) {
    using bytecode::op;
    using value = typename T::value;
    auto& state = t.state();
    if constexpr (O == op::kw_names) {
        const value& names = t.constant_arg(inst);
        state.kw_names.clear();
        for (const auto& item : T::adapter::elements(names)) {
            auto c = T::adapter::constant_from_value(item);
            auto* s = c ? std::get_if<std::string>(&*c) : nullptr;
            if (!s) throw bytecode::bytecode_error("kw_names is not a tuple of strings", inst.offset);
            state.kw_names.push_back(std::move(*s));
        }
        return next{};
    } else if constexpr (O == op::call) {
        const std::size_t argc = t.count_arg(inst);
        std::vector<std::string> kw_names = std::move(state.kw_names);
        state.kw_names.clear();
        t.need(argc + 2);
        auto& stack = state.stack;
        const std::size_t base = stack.size() - argc - 2;
        const tracker_ref first = stack[base];
        const tracker_ref second = stack[base + 1];
        std::vector<tracker_ref> args;
        args.reserve(argc + 1);
        tracker_ref callee = first;
        if (trackers::stack_role_of(t.arena(), first).what == trackers::stack_role::kind::null) callee = second;
        else args.push_back(second); // a method and its self
        args.insert(args.end(), stack.begin() + static_cast<std::ptrdiff_t>(base + 2), stack.end());
        stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.end());

        call_site<T> site(t, callee, args, kw_names);
        auto result = ask::on_call(t, site);
        if (!result)
            give_up(reasons::call_not_inlined, "call of ", t.describe(callee), " (not a function known at trace time)");
        t.push(*result);
        return next{};
    } else if constexpr (O == op::call_function_ex) {
        give_up(reasons::call_form_unsupported, "call with *args or **kwargs is not supported yet");
    } else if constexpr (O == op::make_function) {
        // A function made in captured code: a tracker of its code constant (and its
        // defaults and closure cells), inlined where it is called, made again by
        // generated code where it outlives the trace.
        namespace flag = bytecode::make_function_flags;
        const std::int64_t flags = inst.arg;
        if (flags & ~(flag::defaults | flag::closure))
            give_up(reasons::call_form_unsupported,
                    "make_function with keyword-only defaults or annotations is not supported yet");
        const tracker_ref code = t.pop();
        std::optional<tracker_ref> closure, defaults;
        if (flags & flag::closure) {
            // A closure: a tuple of cells of the captured frame, shared with it, or
            // cells made in the trace by an inlined call.
            closure = t.pop();
            const auto* cells = t.tuple_items(*closure);
            if (!cells) give_up(reasons::value_not_constant, "make_function with a closure that is not a tuple");
            for (tracker_ref c : *cells)
                if (!trackers::family_flag(t.arena(), c, [](const auto& x) -> decltype(x.closable_by_trace()) {
                        return x.closable_by_trace();
                    }))
                    give_up(reasons::value_not_constant,
                            "make_function with a closure cell that is not a cell of the captured frame");
        }
        if (flags & flag::defaults) defaults = t.pop();
        const value* constant = t.object_value(code);
        if (!constant || !code_constant<typename T::adapter>(*constant))
            give_up(reasons::adapter_cannot, "make_function of ", t.describe(code),
                    " (not a code constant the adapter can read: code_constant)");
        if (defaults && !t.known_items(*defaults))
            give_up(reasons::value_not_constant, "make_function with defaults that are not a tuple");
        t.push(t.add_tracker(trackers::made_function<value>{*constant, defaults, closure}));
        return next{};
    }
}

} // namespace lasso::handlers
