// lasso/translator/inline.hpp
//
// Inlining calls of interpreted functions. The callee's code is evaluated by a
// translator of its own (its stack, locals and constants) that writes into the same
// output graph as the frame's, with the arguments bound to its parameters as the
// interpreter binds them (positional, keyword, defaults); its return value takes the
// place of the call. Nothing is guarded for the call itself: the callee's tracker
// already carries an identity guard (the builder guards every function it reads), so
// its code and defaults cannot change under the cache entry; the defaults are read as
// `attribute(fn, "__defaults__")`, with guards of their own.
//
// A function taking *args is inlined with the extra positional arguments as a tuple the
// trace makes (feature varargs_parameters); one taking **kwargs is not.
//
// What the inlined code cannot do (an unsupported instruction, a try block, cells,
// recursion, too deep an inline stack) makes the call itself unsupported, with
// the callee's reason and line: the caller then breaks at the call instruction and
// the callee runs in the interpreter, whole. Nothing of the attempt remains, because
// the translation up to a break is made again by a restart that stops before the call.
//
// A call of a class whose instances are made by `__init__` alone (the adapter's
// `constructs_instance`) makes a new-object tracker and inlines `__init__` on it; the
// object's attributes then live in the tracker (trackers::new_object), and where the
// object would outlive the trace the graph breaks at its construction instead
// (output/escape.hpp).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/ask.hpp>
#include <lasso/translator/cell_identity.hpp>
#include <lasso/translator/raising.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lasso {

/// How many inlined calls deep the translator goes (`Config::max_inline_depth`, or this);
/// a call past it is a graph break.
inline constexpr std::size_t default_max_inline_depth = 16;

/// The inline depth limit of translator `T`.
template <class T> constexpr std::size_t max_inline_depth() {
    if constexpr (requires { T::config::max_inline_depth; }) return static_cast<std::size_t>(T::config::max_inline_depth);
    else return default_max_inline_depth;
}

/// Whether instruction `o` of an inlined call can run in the frame's generated code at
/// a graph break inside the call (output/break_code.hpp): not when it means something
/// only in its own frame (`op_flags::frame_bound`: it reads or writes the inlined frame's
/// locals or cells, returns, or handles exceptions; that code has the frame's locals,
/// not the callee's).
constexpr bool can_break_inside_call(bytecode::op o) noexcept {
    return !bytecode::facts_of(o).has(bytecode::op_flags::frame_bound);
}

/// The code of code constant `v` (what `make_function` takes), from the adapter's
/// `code_constant(v)` (feature code_constants); empty without it, or when `v` is no code.
template <class A> std::optional<typename A::code> code_constant(const typename A::value& v) {
    if constexpr (CodeConstantAdapter<A>) return A::code_constant(v);
    else return std::nullopt;
}

namespace detail {
/// The parameters of `fields` bound to a call's arguments (`kw_names` name the last
/// arguments), each parameter's tracker or empty when no argument gave it one. With
/// `extra` (a function taking *args), positional arguments beyond `argcount` are
/// appended to it, in order, instead of being an error.
inline std::vector<std::optional<tracker_ref>> bind_arguments(const std::string& function, std::size_t argcount,
                                                              std::size_t params, const std::vector<std::string>& varnames,
                                                              std::span<const tracker_ref> args,
                                                              const std::vector<std::string>& kw_names,
                                                              std::vector<tracker_ref>* extra = nullptr) {
    using lasso::detail::decimal;
    std::vector<std::optional<tracker_ref>> bound(params);
    if (kw_names.size() > args.size())
        give_up(reasons::wrong_arguments, "call of '", function, "': more keyword names than arguments");
    const std::size_t positional = args.size() - kw_names.size();
    if (positional > argcount && !extra)
        give_up(reasons::wrong_arguments, "call of '", function, "' with ", decimal(positional),
                " positional arguments (it takes ", decimal(argcount), ")");
    for (std::size_t i = 0; i < positional; ++i) {
        if (i < argcount) bound[i] = args[i];
        else extra->push_back(args[i]);
    }
    for (std::size_t k = 0; k < kw_names.size(); ++k) {
        std::size_t j = 0;
        while (j < params && varnames[j] != kw_names[k]) ++j;
        if (j == params)
            give_up(reasons::wrong_arguments, "call of '", function, "' with an unexpected keyword argument '", kw_names[k],
                    "'");
        if (bound[j])
            give_up(reasons::wrong_arguments, "call of '", function, "' with two values for argument '", kw_names[k], "'");
        bound[j] = args[positional + k];
    }
    return bound;
}
} // namespace detail

/// Inlines the call of the interpreted function tracked by `callee` on `args` (the last
/// `kw_names.size()` of them by keyword) into `t`'s translation; returns the tracker of
/// the value the call returns. Throws `unsupported` when the call cannot be inlined.
template <class T>
tracker_ref inline_call(T& t, tracker_ref callee, std::span<const tracker_ref> args,
                        const std::vector<std::string>& kw_names) {
    using A = typename T::adapter;
    using value = typename T::value;
    if constexpr (!InlineAdapter<A>) {
        (void)args, (void)kw_names;
        give_up(reasons::adapter_cannot, "call of interpreted function '", t.name_of(callee),
                "' (the adapter cannot inline calls: function_code, same_globals, frame_code, code_identity, "
                "positional_flags)");
    } else {
        using lasso::detail::decimal;
        // A function from the frame, or one the trace made, whose code constant stands
        // for it (its globals are the frame's, its defaults a tracker).
        const auto target = ask::inline_target(t, callee);
        if (!target) give_up(reasons::call_not_inlined, "call of ", t.describe(callee), " (not an interpreted function)");
        const bool made = target->from_code_constant;
        const value function = target->function;
        std::optional<typename A::code> made_code;
        if (made && !(made_code = code_constant<A>(function)))
            give_up(reasons::adapter_cannot,
                    "call of a function made during tracing (the adapter cannot read code constants: code_constant)");
        const typename A::code code = made ? *made_code : A::function_code(function);
        const std::uintptr_t identity = A::code_identity(code);
        const auto& input = t.inline_input(identity, [&] { return typename T::input_type(code); });
        const auto& fields = input.fields;
        // The function's own name: the name it is called by may be a parameter of a
        // resume function, or a variable holding any function.
        const std::string& name = fields.name;
        if (const auto* disabled = t.options().disabled_codes; disabled && disabled->contains(identity))
            give_up(reasons::disabled_function, "call of function '", name, "', which is disabled for capture");
        if (t.inline_depth() + 1 > max_inline_depth<T>())
            give_up(reasons::inline_too_deep, "call of function '", name, "': inlining goes deeper than ",
                    decimal(max_inline_depth<T>()), " calls");
        if (!made && !A::same_globals(function, t.frame()))
            give_up(reasons::call_not_inlined, "call of function '", name,
                    "', whose globals are not those of the captured frame");
        // A call of a code already on the inline stack is recursion: it is inlined
        // when the whole recursion is (it ends within the depth limit and breaks
        // nowhere). Otherwise the break is at the outermost recursive call, and the
        // interpreter runs the recursion: a break inside it would make a resume function
        // for every level that reaches it, each called from the last.
        bool recursive = false;
        for (const T* on_stack = &t; on_stack; on_stack = on_stack->parent())
            recursive = recursive || identity == (on_stack->parent() ? on_stack->code_identity()
                                                                     : A::code_identity(A::frame_code(t.frame())));
        // *args (feature varargs_parameters) is a tuple the trace makes; **kwargs is
        // not inlined.
        std::uint32_t varargs = 0;
        if constexpr (VarargsAdapter<A>) varargs = fields.flags & A::varargs_flag;
        if (A::positional_flags(fields.flags) != (fields.flags & ~varargs))
            give_up(reasons::call_not_inlined, "call of function '", name, "', which takes ",
                    VarargsAdapter<A> ? "**kwargs" : "*args or **kwargs", " (not inlined yet)");
        // The callee's free variables: for a closure the trace made, the cells of its
        // closure (shared with the frame or the inlined call that made it); for one made
        // outside the trace, its closure's cells, read (and guarded) through its source.
        std::vector<tracker_ref> free_cells;
        if (made && !fields.freevars.empty()) {
            const auto* cells = target->closure ? t.tuple_items(*target->closure) : nullptr;
            if (!cells || cells->size() != fields.freevars.size())
                give_up(reasons::call_not_inlined, "call of function '", name,
                        "', whose closure does not match its free variables");
            free_cells = *cells;
        } else if (!fields.freevars.empty()) {
            if constexpr (!ClosureAdapter<A>) {
                give_up(reasons::adapter_cannot, "call of function '", name,
                        "', which has free variables (the adapter cannot read closure "
                        "cells: function_cell_contents)");
            } else {
                const auto& source = t.record(callee).source;
                if (!source)
                    give_up(reasons::call_not_inlined, "call of function '", name, "', a closure with no source to guard");
                for (std::size_t k = 0; k < fields.freevars.size(); ++k)
                    free_cells.push_back(outside_closure_cell(t, function, *source, k, name, fields.freevars[k]));
            }
        }
        const auto argcount = static_cast<std::size_t>(fields.argcount);
        const std::size_t params = argcount + static_cast<std::size_t>(fields.kwonly_argcount);
        if (fields.argcount < 0 || fields.kwonly_argcount < 0 || params + (varargs ? 1 : 0) > fields.varnames.size())
            give_up(reasons::call_not_inlined, "call of function '", name, "', whose code has more parameters than locals");

        std::vector<tracker_ref> extra;
        auto bound =
            detail::bind_arguments(name, argcount, params, fields.varnames, args, kw_names, varargs ? &extra : nullptr);
        std::optional<tracker_ref> defaults;
        bool defaults_read = false;
        for (std::size_t j = 0; j < params; ++j) {
            if (bound[j]) continue;
            if (j < argcount) {
                if (!defaults_read) {
                    defaults = made ? target->defaults : std::optional(t.attribute_of(callee, function, "__defaults__"));
                    defaults_read = true;
                }
                const auto* items = defaults ? t.known_items(*defaults) : nullptr;
                const std::size_t count = items ? items->size() : 0;
                if (j + count >= argcount) {
                    bound[j] = (*items)[j + count - argcount];
                    continue;
                }
            }
            give_up(reasons::wrong_arguments, "call of function '", name, "' without a value for its parameter '",
                    fields.varnames[j], "'");
        }
        std::vector<tracker_ref> arguments;
        arguments.reserve(params);
        for (const auto& b : bound) arguments.push_back(*b);
        // The *args local comes after the positional and keyword-only parameters.
        if (varargs) arguments.push_back(t.add_tracker(trackers::tuple{std::move(extra)}));

        T callee_translator(t, input, arguments, function, code, identity, name);
        for (std::size_t k = 0; k < free_cells.size(); ++k)
            callee_translator.state().cells[fields.cellvars.size() + k] = free_cells[k];
        try {
            return callee_translator.run_inlined();
        } catch (unsupported& u) {
            // Where in the callee it stopped; an instruction without a line (3.11's
            // cleanup RERAISE) adds none.
            const long line = callee_translator.line();
            const std::string where = line >= 0 ? lasso::detail::join({", line ", decimal(line)}) : std::string();
            if (recursive) {
                t.output().inline_failure.reset(); // noted again at this call, by the caller
                const std::string said = lasso::detail::join({"recursive call of function '", name, "'"});
                if (!u.reason.starts_with(said))
                    u.reason = lasso::detail::join({said, " (not inlined whole: ", u.reason, where, ")"});
                throw;
            }
            u.reason = lasso::detail::join({"call of function '", name, "' (not inlined: ", u.reason, where, ")"});
            throw;
        }
    }
}

/// Inlines special method `method` (a function of the class of the user object
/// `args[0]`) that the interpreter calls for an operation on the object (`len(o)`,
/// `o[i]`, `o == x`, `if o:`, ...); returns what it returns. What the method cannot
/// trace is no graph break inside it: the operation's instruction is not a call, so the
/// break is at that instruction, which the interpreter runs whole.
template <class T>
tracker_ref inline_special_method(T& t, tracker_ref method, std::span<const tracker_ref> args, std::string_view name) {
    try {
        return inline_call(t, method, args, {});
    } catch (unsupported& u) {
        t.output().inline_failure.reset();
        u.reason = lasso::detail::join({std::string(name), " of ", t.describe(args[0]), ": ", u.reason});
        throw;
    }
}

/// Inlines the call of the class tracked by `callee` on `args` (the last
/// `kw_names.size()` of them by keyword): a new-object tracker, on which the class's
/// `__init__` is inlined. Returns the object's tracker; throws `unsupported` when the
/// construction cannot be modelled (then the graph breaks at the call).
template <class T>
tracker_ref construct_object(T& t, tracker_ref callee, std::span<const tracker_ref> args,
                             const std::vector<std::string>& kw_names) {
    using A = typename T::adapter;
    using value = typename T::value;
    if constexpr (!ConstructAdapter<A>) {
        (void)args, (void)kw_names;
        give_up(reasons::adapter_cannot, "call of class '", t.name_of(callee),
                "' (the adapter cannot inline constructors: constructs_instance)");
    } else {
        const value* class_value = t.object_value(callee);
        if (!class_value) give_up(reasons::call_not_inlined, "call of ", t.describe(callee), " (not a class)");
        const value cls = *class_value;
        const std::string name = A::builtin_name(cls);
        if (kw_names.empty())
            if (const auto exception = handlers::make_exception(t, callee, args)) return *exception;
        if (!A::constructs_instance(cls))
            give_up(reasons::call_not_inlined, "call of class '", name,
                    "', whose instances are not made by __init__ alone (a builtin or exception "
                    "class)");
        const auto& frames = t.inline_stack();
        const tracker_ref object =
            t.add_tracker(trackers::new_object<value>{cls, callee, {}, t.output().frame_instruction, frames.front().second});
        if (!A::attribute(cls, "__init__")) {
            if (!args.empty())
                give_up(reasons::wrong_arguments, "call of class '", name, "' with arguments (it has no __init__)");
            return object;
        }
        const tracker_ref init = t.attribute_of(callee, cls, "__init__");
        if (!ask::inline_target(t, init))
            give_up(reasons::call_not_inlined, "call of class '", name, "', whose __init__ is not an interpreted function");
        std::vector<tracker_ref> with_self;
        with_self.reserve(args.size() + 1);
        with_self.push_back(object);
        with_self.insert(with_self.end(), args.begin(), args.end());
        const tracker_ref result = inline_call(t, init, with_self, kw_names);
        if (t.is_none(result) != std::optional<bool>(true))
            give_up(reasons::would_raise, "__init__ of class '", name, "' returns ", t.describe(result), ", not None");
        return object;
    }
}

} // namespace lasso
