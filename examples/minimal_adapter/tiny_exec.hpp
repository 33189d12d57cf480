// The tiny runtime made runnable (the minimal adapter's last part, and what lasso's tests
// of the frame entry point use), on the compact instruction set: code objects become
// shared handles (so a cache can key on them, with or without a per-code slot), and a
// small stack machine (`run_code`) runs the instructions that generated code uses.
// "Running a frame eagerly" is not modelled: it returns the string "<eager>" and counts,
// which is what the tests need to tell the two paths apart.
#pragma once

#include "tiny_runtime.hpp"

#include <lasso/lasso.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace lasso_test::tiny {

struct exec_code {
    lasso::bytecode::code_fields<value> fields;
    void* extra = nullptr; ///< the per-code slot, for adapters that use it
};

/// A frame that knows its code.
struct exec_frame : frame {
    std::shared_ptr<exec_code> code;
    /// Whose globals these are (functions record it; a called function's frame holds a
    /// copy of its caller's map): the frame's own map when null.
    const void* globals_identity = nullptr;
    /// The closure of the function running (a tuple of cells), for copy_free_vars.
    value closure = nullptr;
};

/// A cell object of the runnable runtime: an instance whose `cell_contents` attribute,
/// when present, is what the cell holds.
inline value make_cell_object(std::optional<value> contents) {
    instance cell{"cell", {}};
    if (contents) cell.attributes["cell_contents"] = *contents;
    return make(std::move(cell));
}

/// Runs a code with a frame's arguments (defined below the adapter, whose members it uses).
template <class A> value run_code(const exec_frame& f, const std::shared_ptr<exec_code>& c);

// snippet: running
/// `WithSlot`: a per-code cache slot. `Resumable`: graph breaks (make_resume_function),
/// with calls of interpreted functions run through `call_function` (a test sets it to
/// a runtime's eval_frame) or, unset, by `call_code`.
template <bool WithSlot, bool Resumable = false> struct exec_adapter_t : adapter {
    using frame = exec_frame;
    using code = std::shared_ptr<exec_code>;
    /// The tiny adapter's features, inlining, and the slot and graph breaks when asked for.
    static constexpr lasso::feature_set features =
        adapter::features | lasso::feature::inlining |
        (WithSlot ? lasso::feature_set{lasso::feature::code_cache_slot} : lasso::feature_set{}) |
        (Resumable ? lasso::feature_set{lasso::feature::graph_breaks} : lasso::feature_set{});

    static lasso::bytecode::code_fields<value> read_code(const code& c) { return c->fields; }
    static code make_code(lasso::bytecode::code_fields<value> f) {
        auto c = std::make_shared<exec_code>();
        c->fields = std::move(f);
        return c;
    }

    static inline int eager_runs = 0;
    static inline int code_runs = 0;

    static code frame_code(const exec_frame& f) { return f.code; }
    static std::uintptr_t code_identity(const code& c) { return reinterpret_cast<std::uintptr_t>(c.get()); }

    // Inlining (lasso::InlineAdapter): a function's code and globals; no *args.
    static code function_code(const value& fn) { return std::get<function>(fn->data).code; }
    static const void* globals_of(const exec_frame& f) {
        return f.globals_identity ? f.globals_identity : static_cast<const void*>(&f.globals);
    }
    static bool same_globals(const value& fn, const exec_frame& f) {
        return std::get<function>(fn->data).globals == globals_of(f);
    }
    static value make_resume_function(const code& c, const exec_frame& f) requires Resumable {
        return make(function{c->fields.name, c, globals_of(f), nullptr});
    }
    static inline std::function<value(exec_frame&)> call_function;
    static std::uint32_t positional_flags(std::uint32_t flags) { return flags; }
    static void*& code_cache_slot(const code& c) requires WithSlot { return c->extra; }
    static value run_eagerly(exec_frame&) {
        ++eager_runs;
        return make(std::string("<eager>"));
    }
    static value make_tuple(std::vector<value> items) { return make(tiny::tuple{std::move(items)}); }

    static std::map<std::string, lasso::host_function<value>>& host_functions() {
        static std::map<std::string, lasso::host_function<value>> table;
        return table;
    }
    static value make_host_function(std::string name, lasso::host_function<value> fn) {
        host_functions()[name] = std::move(fn);
        return make(builtin_fn{name});
    }
    // snippet: end

    /// Runs `c` with the frame's arguments (`run_code`).
    static value call_code(const exec_frame& f, const code& c) { return run_code<exec_adapter_t>(f, c); }
};

/// Runs `c` with the frame's arguments: the instructions generated code uses, decoded
/// with the instruction set of `A` (an exec adapter, or one derived from it with an
/// instruction set of its own).
template <class A> value run_code(const exec_frame& f, const std::shared_ptr<exec_code>& c) {
    ++A::code_runs;
    using lasso::bytecode::op;
    const auto& fields = c->fields;
    std::vector<std::optional<value>> locals(fields.varnames.size());
    for (std::size_t i = 0; i < static_cast<std::size_t>(fields.argcount); ++i) locals[i] = f.locals.at(i);
    std::vector<value> stack;
    // Cell objects by lasso's cell index, found by the name decode gives a cell argument,
    // so one machine runs either cell numbering.
    std::vector<value> cells(fields.cellvars.size() + fields.freevars.size());
    auto cell_of = [&](const auto& inst) -> value& {
        return cells.at(*lasso::bytecode::cell_index_named(fields, *inst.name_arg()));
    };
    auto pop = [&] {
        if (stack.empty()) throw std::runtime_error("tiny exec: stack underflow");
        value v = stack.back();
        stack.pop_back();
        return v;
    };
    for (const auto& inst : lasso::bytecode::decode<A>(fields)) {
        switch (inst.semantic) {
        case op::nop:
        case op::resume: break;
        case op::push_null: stack.push_back(nullptr); break;
        case op::load_const: stack.push_back(*inst.constant()); break;
        case op::load_fast: {
            auto& slot = locals.at(static_cast<std::size_t>(inst.arg));
            if (!slot) throw std::runtime_error("tiny exec: unbound local " + *inst.name_arg());
            stack.push_back(*slot);
            break;
        }
        case op::store_fast: locals.at(static_cast<std::size_t>(inst.arg)) = pop(); break;
        case op::load_global: {
            const auto v = A::frame_global(f, *inst.name_arg()); // a place, or a value (globals_by_value)
            if (!v) throw std::runtime_error("tiny exec: no global " + *inst.name_arg());
            // Instruction sets whose load_global has a push_null flag push a NULL first.
            if (inst.has_flag(lasso::bytecode::arg_flag::push_null)) stack.push_back(nullptr);
            stack.push_back(*v);
            break;
        }
        case op::store_global: {
            // The frame is the interpreter's own (eval_frame takes it by reference):
            // a store of generated code (a replayed side effect) goes to its globals.
            auto& globals = const_cast<exec_frame&>(f).globals;
            globals[*inst.name_arg()] = pop();
            break;
        }
        case op::load_attr: {
            auto v = A::attribute(pop(), *inst.name_arg());
            if (!v) throw std::runtime_error("tiny exec: no attribute " + *inst.name_arg());
            stack.push_back(*v);
            break;
        }
        case op::binary_subscr: {
            value key = pop();
            value container = pop();
            auto v = A::item(container, std::get<std::int64_t>(key->data));
            if (!v) throw std::runtime_error("tiny exec: bad item");
            stack.push_back(*v);
            break;
        }
        case op::call: {
            std::vector<value> args(static_cast<std::size_t>(inst.arg));
            for (std::size_t i = args.size(); i-- > 0;) args[i] = pop();
            value callee = pop();
            if (value null = pop()) throw std::runtime_error("tiny exec: only NULL-prefixed calls are supported");
            if (auto* fn = std::get_if<function>(&callee->data)) {
                exec_frame called;
                called.code = fn->code;
                called.globals = f.globals;
                called.globals_identity = fn->globals;
                called.closure = fn->closure;
                for (auto& a : args) called.locals.emplace_back(std::move(a));
                stack.push_back(A::call_function ? A::call_function(called) : A::call_code(called, fn->code));
                break;
            }
            auto& table = A::host_functions();
            auto it = table.find(std::get<builtin_fn>(callee->data).name);
            if (it == table.end()) throw std::runtime_error("tiny exec: unknown host function");
            stack.push_back(it->second(args));
            break;
        }
        case op::unpack_sequence: {
            auto items = std::get<tiny::tuple>(pop()->data).items;
            if (items.size() != static_cast<std::size_t>(inst.arg)) throw std::runtime_error("tiny exec: bad unpack");
            for (std::size_t i = items.size(); i-- > 0;) stack.push_back(items[i]);
            break;
        }
        case op::make_cell: {
            // A cell variable that is an argument starts with it. In the localsplus
            // numbering the argument's slot becomes the cell: reading it as a local is
            // then an error, as it would be in CPython.
            std::optional<value> contents;
            const auto local = std::find(fields.varnames.begin(), fields.varnames.end(), *inst.name_arg());
            if (local != fields.varnames.end()) {
                auto& slot = locals[static_cast<std::size_t>(local - fields.varnames.begin())];
                contents = slot;
                if (lasso::bytecode::opcode_traits<A>::enc.cells == lasso::bytecode::cell_numbering::localsplus)
                    slot.reset();
            }
            cell_of(inst) = make_cell_object(contents);
            break;
        }
        case op::copy_free_vars: {
            if (!f.closure) throw std::runtime_error("tiny exec: copy_free_vars without a closure");
            const auto& closure = std::get<tiny::tuple>(f.closure->data).items;
            const auto n = static_cast<std::size_t>(inst.arg);
            if (n > closure.size() || n > cells.size()) throw std::runtime_error("tiny exec: bad copy_free_vars");
            std::copy(closure.begin(), closure.begin() + static_cast<std::ptrdiff_t>(n),
                      cells.end() - static_cast<std::ptrdiff_t>(n));
            break;
        }
        case op::load_deref: {
            const value& cell = cell_of(inst);
            auto v = cell ? A::attribute(cell, "cell_contents") : std::nullopt;
            if (!v) throw std::runtime_error("tiny exec: empty cell " + *inst.name_arg());
            stack.push_back(*v);
            break;
        }
        case op::store_deref: {
            value& cell = cell_of(inst);
            if (!cell) throw std::runtime_error("tiny exec: no cell " + *inst.name_arg());
            std::get<instance>(cell->data).attributes["cell_contents"] = pop();
            break;
        }
        case op::load_closure: {
            const value& cell = cell_of(inst);
            if (!cell) throw std::runtime_error("tiny exec: no cell " + *inst.name_arg());
            stack.push_back(cell);
            break;
        }
        case op::pop_top: pop(); break;
        case op::build_tuple:
        case op::build_list: {
            std::vector<value> items(static_cast<std::size_t>(inst.arg));
            for (std::size_t i = items.size(); i-- > 0;) items[i] = pop();
            if (inst.semantic == op::build_tuple) stack.push_back(make(tiny::tuple{std::move(items)}));
            else stack.push_back(make(tiny::list{std::move(items)}));
            break;
        }
        case op::return_value: return pop();
        default: throw std::runtime_error("tiny exec: instruction " + std::string(inst.name()) + " is not modelled");
        }
    }
    throw std::runtime_error("tiny exec: fell off the end of the code");
}

using exec_adapter = exec_adapter_t<true>;                 ///< with a per-code slot
using exec_adapter_no_slot = exec_adapter_t<false>;        ///< through the hash map
using exec_adapter_resumable = exec_adapter_t<true, true>; ///< with graph breaks

static_assert(lasso::check_interpreter_adapter<exec_adapter>());
static_assert(lasso::InterpreterAdapter<exec_adapter>);
static_assert(lasso::HasCodeCacheSlot<exec_adapter>);
static_assert(lasso::InterpreterAdapter<exec_adapter_no_slot>);
static_assert(!lasso::HasCodeCacheSlot<exec_adapter_no_slot>);
static_assert(!lasso::ResumeAdapter<exec_adapter> && lasso::ResumeAdapter<exec_adapter_resumable>);

} // namespace lasso_test::tiny
