// lasso/translator/comptime_calls.hpp
//
// Calls of comptime builtins (lasso/comptime.hpp) during translation. `comptime(fn)`
// has the adapter run `fn` on a `comptime_context` over the translator; the shortcuts
// run on that context directly. Both evaluate to None (the shortcut
// print_value_stack_and_return to its argument) and add nothing to the graph.
//
// A restart (a translation again up to a graph break, `translator_options::stop_before`)
// runs no callback: the first translation already ran each one before the break, and
// none after it, so every callback runs once per translation.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/cells.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/disassemble.hpp>
#include <lasso/comptime.hpp>
#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/graph.hpp>
#include <lasso/guards/compile_guards.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/ask.hpp>
#include <lasso/translator/frame_state.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <fstream>
#include <iostream>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace lasso::handlers {

namespace detail {

/// The comptime context over translator `t` (the frame of the comptime call).
template <class T> class translator_comptime final : public comptime_context<typename T::adapter> {
public:
    using A = typename T::adapter;
    using value = typename T::value;
    using meta = typename T::meta;
    using value_view = comptime_value<value, meta>;

    explicit translator_comptime(T& t) : t_(t) {}

    /// The reason of the graph break a callback asked for.
    std::optional<std::string> break_reason;

    std::optional<value_view> get_local(std::string_view name, std::size_t stacklevel) override {
        T& f = frame_at(stacklevel);
        const auto& fields = f.code();
        for (std::size_t i = 0; i < fields.varnames.size(); ++i) {
            if (fields.varnames[i] != name) continue;
            const auto& slot = f.state().locals[i];
            if (slot && *slot == frame_state::unbound) return std::nullopt;
            if (!slot && (f.parent() || !A::frame_local(f.frame(), i))) return std::nullopt;
            try {
                return view(f.local(i)); // a local not read yet is read as the code would
            } catch (const unsupported& u) { throw std::runtime_error(u.reason); }
        }
        const std::size_t cellvars = fields.cellvars.size();
        for (std::size_t k = 0; k < cellvars + fields.freevars.size(); ++k) {
            if ((k < cellvars ? fields.cellvars[k] : fields.freevars[k - cellvars]) != name) continue;
            const auto& cell = f.state().cells[k];
            const auto* tracked = cell ? f.template as<trackers::cell>(*cell) : nullptr;
            if (!tracked || !tracked->contents) return std::nullopt;
            return view(*tracked->contents);
        }
        return std::nullopt;
    }

    void graph_break(std::string message) override {
        if (!break_reason) break_reason = std::move(message);
    }

    std::size_t frames() const override { return t_.inline_depth() + 1; }

    void print_graph(std::ostream& out) const override { out << lasso::graph::print_readable(t_.output().graph); }

    void print_disas(std::ostream& out, std::size_t stacklevel) const override {
        const T& f = frame_at(stacklevel);
        bytecode::disassemble_options options;
        if (f.state().pc < f.instructions().size()) options.current_offset = f.instructions()[f.state().pc].offset;
        out << bytecode::disassemble<A>(bytecode::decode<A>(f.code()), options);
    }

    void print_value_stack(std::ostream& out, std::size_t stacklevel) const override {
        const T& f = frame_at(stacklevel);
        for (tracker_ref r : f.stack()) out << "- " << describe(r) << '\n';
    }

    void print_locals(std::ostream& out, std::size_t stacklevel) const override {
        const T& f = frame_at(stacklevel);
        const auto& fields = f.code();
        for (std::size_t i = 0; i < fields.varnames.size(); ++i) {
            const auto& slot = f.state().locals[i];
            if (slot && *slot == frame_state::unbound) continue;
            if (slot) out << fields.varnames[i] << ": " << describe(*slot) << '\n';
            else if (!f.parent() && A::frame_local(f.frame(), i))
                out << fields.varnames[i] << ": the frame's value (not read by the trace yet)\n";
        }
    }

    void print_bt(std::ostream& out, std::size_t stacklevel) const override {
        std::vector<const T*> frames;
        for (const T* f = &frame_at(stacklevel); f; f = f->parent()) frames.push_back(f);
        for (auto f = frames.rbegin(); f != frames.rend(); ++f) {
            const auto& fields = (*f)->code();
            const auto& instructions = (*f)->instructions();
            const std::size_t pc = (*f)->state().pc;
            const int line = pc < instructions.size() ? instructions[pc].line : -1;
            out << "  File \"" << fields.filename << "\", line " << line << ", in " << fields.name << '\n';
            if (auto text = source_line(fields.filename, line)) out << "    " << *text << '\n';
        }
    }

    void print_guards(std::ostream& out) const override {
        if constexpr (GuardAdapter<A>) {
            const auto& root = frame_at(frames() - 1).code();
            const std::vector<std::string> cellnames = bytecode::cell_names_by_number<A>(root);
            try {
                const auto& o = t_.output();
                out << compile_guards<A>(o.guards, o.sources, root.varnames, cellnames).describe();
            } catch (const std::exception& e) { out << "(the guards cannot be shown: " << e.what() << ")\n"; }
        } else {
            out << "(the adapter cannot compile guards)\n";
        }
    }

    /// "a tensor f64[2]", "the constant 3", ...: how the translation tracks `r`.
    std::string describe(tracker_ref r) const {
        if (const auto* x = t_.tensor_of(r)) return "a tensor " + A::describe_meta(x->meta);
        return t_.describe(r);
    }

private:
    T& t_;

    T& frame_at(std::size_t stacklevel) const {
        T* f = &t_;
        for (std::size_t k = 0; k < stacklevel; ++k) {
            if (!f->parent())
                throw std::out_of_range(lasso::detail::join({"stacklevel ", lasso::detail::decimal(stacklevel),
                                                             " is past the outermost frame (the inline stack has ",
                                                             lasso::detail::decimal(frames()), " frames)"}));
            f = f->parent();
        }
        return *f;
    }

    /// Line `line` (from 1) of file `path`, without its indentation; empty when it
    /// cannot be read.
    static std::optional<std::string> source_line(const std::string& path, int line) {
        if (line < 1) return std::nullopt;
        std::ifstream file(path);
        std::string text;
        for (int k = 0; k < line; ++k)
            if (!std::getline(file, text)) return std::nullopt;
        const auto first = text.find_first_not_of(" \t");
        return first == std::string::npos ? std::string() : text.substr(first);
    }

    std::optional<comptime_constant> constant_of(tracker_ref r, int depth = 0) const {
        if (const constant* c = trackers::known_constant_of(t_.arena(), r)) return comptime_constant{{}, *c, {}};
        const auto kind = trackers::container_kind_of(t_.arena(), r);
        const auto* items = t_.known_items(r);
        if (!items || !kind || depth > 16) return std::nullopt;
        comptime_constant result{*kind == trackers::container_kind::tuple ? comptime_constant::container::tuple
                                                                          : comptime_constant::container::list};
        for (tracker_ref item : *items) {
            auto c = constant_of(item, depth + 1);
            if (!c) return std::nullopt;
            result.items.push_back(std::move(*c));
        }
        return result;
    }

    value_view view(tracker_ref r) {
        value_view v;
        v.description = describe(r);
        v.constant = constant_of(r);
        if (const auto* x = t_.tensor_of(r)) v.fake = x->meta;
        const value* object = ask::known_value(t_, r);
        if (auto type = ask::value_type(t_, r)) {
            v.python_type = std::string(*type);
        } else if (object) {
            v.object = *object;
            v.python_type = A::type_name(*object);
        } else {
            v.python_type = "object";
        }
        return v;
    }
};

/// A comptime shortcut's `stacklevel` (its only argument, by position or keyword), or 0.
template <class T>
std::size_t shortcut_stacklevel(T& t, std::string_view name, std::span<const tracker_ref> args,
                                const std::vector<std::string>& kw_names) {
    if (args.empty()) return 0;
    const bool keyword = kw_names.size() == 1 && kw_names[0] == "stacklevel";
    if (args.size() > 1 || (!kw_names.empty() && !keyword))
        give_up(reasons::comptime_misuse, "comptime.", name, "() takes only stacklevel");
    const constant* c = trackers::known_constant_of(t.arena(), args[0]);
    const auto* level = c ? std::get_if<std::int64_t>(c) : nullptr;
    if (!level || *level < 0)
        give_up(reasons::comptime_misuse, "comptime.", name, "(): stacklevel is not a non-negative int constant");
    return static_cast<std::size_t>(*level);
}

} // namespace detail

/// A call of comptime builtin `name` (the behaviour's name: "comptime", or a shortcut)
/// on `args`; returns what it evaluates to.
template <class T>
tracker_ref call_comptime(T& t, const std::string& name, std::span<const tracker_ref> args,
                          const std::vector<std::string>& kw_names) {
    using A = typename T::adapter;
    detail::translator_comptime<T> ctx(t);
    std::ostream silenced(nullptr); // writes to it do nothing
    std::ostream& out = t.comptime_output() ? *t.comptime_output() : silenced;
    if (name == "comptime") {
        if constexpr (!ComptimeAdapter<A>) {
            (void)args, (void)kw_names;
            give_up(reasons::adapter_cannot, "call of comptime() (the adapter cannot run comptime callbacks: run_comptime)");
        } else {
            if (args.size() != 1 || !kw_names.empty()) give_up(reasons::comptime_misuse, "comptime() takes one function");
            std::optional<comptime_callback<A>> callback;
            if (const auto target = ask::inline_target(t, args[0])) {
                if (target->closure || target->defaults)
                    give_up(reasons::comptime_misuse,
                            "comptime() of a function made during tracing with defaults or free variables");
                callback = comptime_callback<A>{target->function, target->from_code_constant};
            }
            if (!callback) give_up(reasons::comptime_misuse, "comptime() of ", t.describe(args[0]), " (not a function)");
            if (t.restarting()) return t.make_constant(none_t{});
            if (auto error = A::run_comptime(*callback, t.frame(), ctx)) {
                throw unsupported{reasons::comptime_misuse, "comptime callback raised: " + *error, false};
            }
            if (ctx.break_reason) give_up(reasons::explicit_break, *ctx.break_reason);
            return t.make_constant(none_t{});
        }
    }
    if (name == "graph_break") {
        if (!args.empty()) give_up(reasons::comptime_misuse, "comptime.graph_break() takes no arguments");
        give_up(reasons::explicit_break, "comptime.graph_break()");
    }
    if (name == "print_value_stack_and_return") {
        if (args.empty() || !kw_names.empty() || args.size() > 1)
            give_up(reasons::comptime_misuse, "comptime.print_value_stack_and_return() takes one value");
        if (!t.restarting()) ctx.print_value_stack(out, 0);
        return args[0];
    }
    if (name == "print_graph" || name == "print_guards") {
        if (!args.empty()) give_up(reasons::comptime_misuse, "comptime.", name, "() takes no arguments");
        if (!t.restarting()) name == "print_graph" ? ctx.print_graph(out) : ctx.print_guards(out);
        return t.make_constant(none_t{});
    }
    using printer = void (detail::translator_comptime<T>::*)(std::ostream&, std::size_t) const;
    printer print = name == "print_disas"         ? &detail::translator_comptime<T>::print_disas
                    : name == "print_value_stack" ? &detail::translator_comptime<T>::print_value_stack
                    : name == "print_locals"      ? &detail::translator_comptime<T>::print_locals
                    : name == "print_bt"          ? &detail::translator_comptime<T>::print_bt
                                                  : nullptr;
    if (!print) give_up(reasons::comptime_misuse, "comptime shortcut '", name, "' is not known");
    const std::size_t level = detail::shortcut_stacklevel(t, name, args, kw_names);
    if (level >= ctx.frames())
        give_up(reasons::comptime_misuse, "comptime.", name, "(): stacklevel ", lasso::detail::decimal(level),
                " is past the outermost frame");
    if (!t.restarting()) (ctx.*print)(out, level);
    return t.make_constant(none_t{});
}

} // namespace lasso::handlers
