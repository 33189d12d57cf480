// The minimal adapter (docs/writing-an-adapter.md walks through it), which lasso's tests
// of the capture machinery use too. A tiny interpreter runtime: reference-counted
// values (None, bool, int, float, str, tuple, list, tensor, object, builtin, dict,
// function, class), frames with locals, cells and globals, and the adapter functions
// guards and the translator need. Tensors carry only metadata (dtype and shape) and a
// little data. The instruction set is the compact one plus a few opcodes the compact
// set lacks (so that every translator handler is compiled and tested).
#pragma once

#include "compact_adapter.hpp"

#include <lasso/lasso.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <stdexcept>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace lasso_test::tiny {

struct object;
using value = std::shared_ptr<object>;

struct tensor_meta {
    std::string dtype = "f64";
    std::vector<std::int64_t> shape;
    friend bool operator==(const tensor_meta&, const tensor_meta&) = default;
};

inline std::string describe(const tensor_meta& m) {
    std::string out = m.dtype + "[";
    for (std::size_t i = 0; i < m.shape.size(); ++i) out += (i ? ", " : "") + std::to_string(m.shape[i]);
    return out + "]";
}

struct tensor {
    tensor_meta meta;
    std::vector<double> data;
};
struct tuple {
    std::vector<value> items;
};
struct list {
    std::vector<value> items;
};
struct builtin_fn {
    std::string name;
};
struct instance {
    std::string type_name;
    std::map<std::string, value, std::less<>> attributes;
};
/// A string-keyed dict, in insertion order.
struct dict {
    std::vector<std::pair<std::string, value>> items;
};
struct exec_code;
/// An interpreted function: its name, and for the runnable runtime (tiny_exec.hpp),
/// which inlines calls, its code, the globals it reads (a frame's), its defaults (a
/// tuple, or empty for none) and its closure (a tuple of cells, or empty).
struct function {
    std::string name;
    std::shared_ptr<exec_code> code = nullptr;
    const void* globals = nullptr;
    value defaults = nullptr;
    value closure = nullptr;
};
/// A class, with class attributes.
struct class_object {
    std::string name;
    std::map<std::string, value, std::less<>> attributes;
};

struct object {
    std::variant<lasso::none_t, bool, std::int64_t, double, std::string, tuple, list, tensor, instance, builtin_fn, dict,
                 function, class_object>
        data;
};

// Assigning after construction (rather than make_shared<object>(object{v})) sidesteps a
// g++ 12 -Wfree-nonheap-object false positive at -O3.
inline value make(auto v) {
    auto p = std::make_shared<object>();
    p->data = std::move(v);
    return p;
}
inline value none() { return make(lasso::none_t{}); }

inline std::string type_name(const value& v) {
    static const char* names[] = {"NoneType", "bool",     "int",    "float",  "str",
                                  "tuple",    "list",     "Tensor", "object", "builtin_function_or_method",
                                  "dict",     "function", "type"};
    if (auto* i = std::get_if<instance>(&v->data)) return i->type_name;
    return names[v->data.index()];
}

struct frame {
    std::vector<std::optional<value>> locals;
    std::vector<value> cells; // cell contents, cellvars then freevars
    std::map<std::string, value, std::less<>> globals;
};

inline bool grad_mode = true;

/// Opcodes the tiny instruction set adds to the compact one (numbers the compact set
/// does not use).
enum extra_opcode : std::uint8_t {
    MKCELL = 0x70,
    COPYFREE = 0x71,
    DELCELL = 0x72,
    DELG = 0x73,
    LDNAME = 0x74,
    STNAME = 0x75,
    DELNAME = 0x76,
    DELA = 0x77,
    DELSUBSCR = 0x78,
    SLICE = 0x79,
    POS = 0x7a,
    INV = 0x7b,
    LAPPEND = 0x7c,
    LEXTEND = 0x7d,
    L2T = 0x7e,
    CALLEX = 0x7f,
    IFNONE = 0x80,
    IFNOTNONE = 0x81,
    ORPOP = 0x82,
    ANDPOP = 0x83,
};

namespace detail {
using info = lasso::bytecode::opcode_info;
using sop = lasso::bytecode::op;
using ak = lasso::bytecode::arg_kind;
using jk = lasso::bytecode::jump_kind;
inline constexpr std::array extra_opcodes{
    info{"MKCELL", MKCELL, sop::make_cell, ak::cell, jk::none, {}, 1},
    info{"COPYFREE", COPYFREE, sop::copy_free_vars, ak::immediate, jk::none, {}, 1},
    info{"DELCELL", DELCELL, sop::delete_deref, ak::cell, jk::none, {}, 1},
    info{"DELG", DELG, sop::delete_global, ak::name, jk::none, {}, 2},
    info{"LDNAME", LDNAME, sop::load_name, ak::name, jk::none, {}, 2},
    info{"STNAME", STNAME, sop::store_name, ak::name, jk::none, {}, 2},
    info{"DELNAME", DELNAME, sop::delete_name, ak::name, jk::none, {}, 2},
    info{"DELA", DELA, sop::delete_attr, ak::name, jk::none, {}, 2},
    info{"DELSUBSCR", DELSUBSCR, sop::delete_subscr},
    info{"SLICE", SLICE, sop::build_slice, ak::immediate, jk::none, {}, 1},
    info{"POS", POS, sop::unary_positive},
    info{"INV", INV, sop::unary_invert},
    info{"LAPPEND", LAPPEND, sop::list_append, ak::immediate, jk::none, {}, 1},
    info{"LEXTEND", LEXTEND, sop::list_extend, ak::immediate, jk::none, {}, 1},
    info{"L2T", L2T, sop::list_to_tuple},
    info{"CALLEX", CALLEX, sop::call_function_ex, ak::immediate, jk::none, {}, 1},
    info{"IFNONE", IFNONE, sop::pop_jump_if_none, ak::jump, jk::relative_forward, {}, 1},
    info{"IFNOTNONE", IFNOTNONE, sop::pop_jump_if_not_none, ak::jump, jk::relative_forward, {}, 1},
    info{"ORPOP", ORPOP, sop::jump_if_true_or_pop, ak::jump, jk::relative_forward, {}, 1},
    info{"ANDPOP", ANDPOP, sop::jump_if_false_or_pop, ak::jump, jk::relative_forward, {}, 1},
};
template <class T, std::size_t N, std::size_t M>
constexpr std::array<T, N + M> concat(const std::array<T, N>& a, const std::array<T, M>& b) {
    std::array<T, N + M> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = a[i];
    for (std::size_t i = 0; i < M; ++i) out[N + i] = b[i];
    return out;
}
} // namespace detail

// snippet: code-objects
/// The tiny runtime's adapter: the compact instruction set (see compact_adapter.hpp),
/// code objects that are lasso's own `code_fields`, and everything guards and the
/// translator need.
struct adapter {
    using value = tiny::value;
    using frame = tiny::frame;
    using tensor_meta = tiny::tensor_meta;
    using code = lasso::bytecode::code_fields<value>;
    /// Bytecode templates make their constants with `make_constant`.
    static constexpr lasso::feature_set features{lasso::feature::template_constants};

    static constexpr auto opcodes = detail::concat(compact_adapter::opcodes, detail::extra_opcodes);
    static constexpr lasso::bytecode::encoding bytecode_encoding = compact_adapter::bytecode_encoding;
    static code read_code(const code& c) { return c; }
    static code make_code(code c) { return c; }
    static std::string constant_repr(const value& v) {
        auto c = constant_from_value(v);
        return c ? lasso::repr(*c) : "<" + type_name(v) + ">";
    }
    static bool same_constant(const value& a, const value& b) {
        auto x = constant_from_value(a);
        auto y = constant_from_value(b);
        return x && y ? *x == *y : a == b;
    }
    static value make_constant(lasso::bytecode::template_constant c) { return c.is_none ? none() : make(c.integer); }
    // snippet: end

    static std::optional<lasso::constant> constant_from_value(const value& v) {
        return std::visit(
            [](const auto& x) -> std::optional<lasso::constant> {
                using T = std::decay_t<decltype(x)>;
                if constexpr (std::is_same_v<T, lasso::none_t> || std::is_same_v<T, bool> ||
                              std::is_same_v<T, std::int64_t> || std::is_same_v<T, double> || std::is_same_v<T, std::string>)
                    return lasso::constant{x};
                else return std::nullopt;
            },
            v->data);
    }
    static lasso::value_kind classify(const value& v) {
        switch (v->data.index()) {
        case 0: return lasso::value_kind::none;
        case 1: return lasso::value_kind::boolean;
        case 2: return lasso::value_kind::integer;
        case 3: return lasso::value_kind::floating;
        case 4: return lasso::value_kind::string;
        case 5: return lasso::value_kind::tuple;
        case 6: return lasso::value_kind::list;
        case 7: return lasso::value_kind::tensor;
        case 9: return lasso::value_kind::builtin;
        case 10: return lasso::value_kind::dict;
        case 11: return lasso::value_kind::function;
        case 12: return lasso::value_kind::type;
        default: return lasso::value_kind::other;
        }
    }
    static lasso::constant constant_of(const value& v) { return *constant_from_value(v); }
    static tensor_meta tensor_meta_of(const value& v) { return std::get<tensor>(v->data).meta; }
    static std::vector<value> elements(const value& v) {
        if (auto* t = std::get_if<tuple>(&v->data)) return t->items;
        if (auto* l = std::get_if<list>(&v->data)) return l->items;
        return {};
    }
    static std::vector<std::pair<std::string, value>> dict_items(const value& v) {
        if (auto* d = std::get_if<dict>(&v->data)) return d->items;
        return {};
    }
    static std::string type_name(const value& v) { return tiny::type_name(v); }
    // snippet: builtins
    static lasso::builtin_behaviour builtin_behaviour(const value& v) {
        const std::string name = builtin_name(v);
        if (name == "print") return {lasso::builtin_kind::graph_break, name};
        if (name == "len") return {lasso::builtin_kind::len, name};
        if (name == "range") return {lasso::builtin_kind::range, name};
        if (name == "graph_break") return {lasso::builtin_kind::graph_break, name};
        if (name == "abs" || name == "max") return {lasso::builtin_kind::pure, name};
        if (name == "no_grad") return {lasso::builtin_kind::context_manager, name};
        if (name == "comptime") return {lasso::builtin_kind::comptime, name};
        if (name == "cond" || name == "while_loop") return {lasso::builtin_kind::higher_order, name};
        if (name == "torch_relu") return {lasso::builtin_kind::tensor_op, "relu"};
        return {lasso::builtin_kind::tensor_op, name};
    }
    // snippet: end
    /// Pure builtins at trace time: abs of a number, max of ints.
    static std::optional<value> call_pure(const value& fn, std::span<const value> args) {
        const std::string name = builtin_name(fn);
        if (name == "max" && !args.empty()) {
            std::int64_t best = 0;
            for (std::size_t i = 0; i < args.size(); ++i) {
                auto* x = std::get_if<std::int64_t>(&args[i]->data);
                if (!x) return std::nullopt;
                if (i == 0 || *x > best) best = *x;
            }
            return make(best);
        }
        if (name != "abs" || args.size() != 1) return std::nullopt;
        if (auto* i = std::get_if<std::int64_t>(&args[0]->data)) return make(*i < 0 ? -*i : *i);
        if (auto* d = std::get_if<double>(&args[0]->data)) return make(*d < 0 ? -*d : *d);
        return std::nullopt;
    }
    static lasso::static_attribute tensor_attribute(const tensor_meta& m, std::string_view name) {
        if (name == "shape") {
            std::vector<lasso::constant> dims;
            for (auto d : m.shape) dims.emplace_back(d);
            return dims;
        }
        if (name == "ndim") return lasso::constant{static_cast<std::int64_t>(m.shape.size())};
        if (name == "dtype") return lasso::constant{m.dtype};
        if (name == "__len__") {
            if (m.shape.empty()) return lasso::unsupported{lasso::reasons::would_raise, "len() of a 0-d tensor"};
            return lasso::constant{m.shape[0]};
        }
        return lasso::unsupported{lasso::reasons::unsupported_attribute, "tensor attribute '" + std::string(name) + "'"};
    }
    static std::string builtin_name(const value& v) {
        if (auto* b = std::get_if<builtin_fn>(&v->data)) return b->name;
        if (auto* f = std::get_if<function>(&v->data)) return f->name;
        if (auto* c = std::get_if<class_object>(&v->data)) return c->name;
        return type_name(v);
    }

    // ---- eager operators (the eager backend runs graphs through these) -------------
    static value value_of_constant(const lasso::constant& c) {
        return std::visit([](const auto& v) { return make(v); }, c);
    }
    static value run_op(std::string_view op, std::span<const value> args, bool /*method*/) {
        auto data = [](const value& v, std::size_t n) {
            if (auto* t = std::get_if<tensor>(&v->data)) return t->data;
            if (auto* i = std::get_if<std::int64_t>(&v->data)) return std::vector<double>(n, static_cast<double>(*i));
            if (auto* d = std::get_if<double>(&v->data)) return std::vector<double>(n, *d);
            throw std::runtime_error("tiny: not a number or tensor");
        };
        const tensor* first = nullptr;
        for (const auto& a : args)
            if ((first = std::get_if<tensor>(&a->data))) break;
        if (!first) throw std::runtime_error("tiny: no tensor operand");
        const std::size_t n = first->data.size();
        tensor out{first->meta, std::vector<double>(n)};
        auto x = data(args[0], n);
        if (op == "getitem") {
            // A row of the first dimension.
            const auto& shape = first->meta.shape;
            auto* k = args.size() == 2 ? std::get_if<std::int64_t>(&args[1]->data) : nullptr;
            if (shape.empty() || !k) throw std::runtime_error("tiny: getitem needs a tensor and an int");
            const std::int64_t rows = shape[0];
            const std::int64_t row = *k < 0 ? *k + rows : *k;
            if (row < 0 || row >= rows) throw std::runtime_error("tiny: index out of range");
            const std::size_t width = rows ? n / static_cast<std::size_t>(rows) : 0;
            tensor r{{first->meta.dtype, {shape.begin() + 1, shape.end()}}, {}};
            const auto begin = first->data.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(row) * width);
            r.data.assign(begin, begin + static_cast<std::ptrdiff_t>(width));
            return make(std::move(r));
        }
        if (op == "relu")
            for (std::size_t i = 0; i < n; ++i) out.data[i] = x[i] > 0 ? x[i] : 0.0;
        else if (op == "neg")
            for (std::size_t i = 0; i < n; ++i) out.data[i] = -x[i];
        else if (op == "sum") {
            double acc = 0;
            for (double v : x) acc += v;
            return make(tensor{{first->meta.dtype, {}}, {acc}});
        } else {
            if (args.size() < 2) throw std::runtime_error("tiny: " + std::string(op) + " needs two operands");
            auto y = data(args[1], n);
            for (std::size_t i = 0; i < n; ++i)
                out.data[i] = op == "add"   ? x[i] + y[i]
                              : op == "sub" ? x[i] - y[i]
                              : op == "mul" ? x[i] * y[i]
                                            : x[i] / y[i];
        }
        return make(std::move(out));
    }
    static bool same_result(const value& a, const value& b) {
        auto* x = std::get_if<tensor>(&a->data);
        auto* y = std::get_if<tensor>(&b->data);
        return x && y ? x->meta == y->meta && x->data == y->data : a == b;
    }

    // snippet: shape-rules
    /// Shape rules: elementwise ops need equal shapes or a number on one side; matmul
    /// is 2-D x 2-D; relu/neg keep the shape; sum reduces to a 0-d tensor.
    static lasso::meta_or_reason<tensor_meta> infer_meta(std::string_view op,
                                                         std::span<const lasso::operand<tensor_meta>> args) {
        auto tensor_at = [&](std::size_t i) { return i < args.size() ? args[i].tensor : nullptr; };
        if (op == "add" || op == "sub" || op == "mul" || op == "truediv") {
            if (args.size() != 2)
                return lasso::unsupported{lasso::reasons::unsupported_tensor_op, std::string(op) + " takes two operands"};
            const tensor_meta* a = tensor_at(0);
            const tensor_meta* b = tensor_at(1);
            if (!a && !b)
                return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                          std::string(op) + " needs a tensor operand"};
            if (a && b && a->shape != b->shape)
                return lasso::unsupported{lasso::reasons::would_raise,
                                          "shapes " + describe(*a) + " and " + describe(*b) + " differ"};
            return a ? *a : *b;
        }
        if (op == "relu" || op == "neg") {
            if (args.size() != 1 || !tensor_at(0))
                return lasso::unsupported{lasso::reasons::unsupported_tensor_op, std::string(op) + " takes one tensor"};
            return *tensor_at(0);
        }
        if (op == "sum") {
            if (args.size() != 1 || !tensor_at(0))
                return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "sum takes one tensor"};
            return tensor_meta{tensor_at(0)->dtype, {}};
        }
        if (op == "getitem") {
            // t[i]: a row of the first dimension, for an int constant i in range.
            const tensor_meta* t = tensor_at(0);
            const lasso::constant* k = args.size() == 2 ? args[1].value : nullptr;
            const std::int64_t* i = k ? std::get_if<std::int64_t>(k) : nullptr;
            if (!t || !i)
                return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "getitem needs a tensor and an int"};
            if (t->shape.empty()) return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "indexing a 0-d tensor"};
            if (*i < -t->shape[0] || *i >= t->shape[0])
                return lasso::unsupported{lasso::reasons::would_raise, "index out of range"};
            return tensor_meta{t->dtype, {t->shape.begin() + 1, t->shape.end()}};
        }
        if (op == "matmul") {
            const tensor_meta* a = tensor_at(0);
            const tensor_meta* b = tensor_at(1);
            if (!a || !b || a->shape.size() != 2 || b->shape.size() != 2 || a->shape[1] != b->shape[0])
                return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "matmul needs aligned 2-D tensors"};
            return tensor_meta{a->dtype, {a->shape[0], b->shape[1]}};
        }
        return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "no tensor operation '" + std::string(op) + "'"};
    }
    // snippet: end

    // snippet: guard-reads
    static const value* frame_local(const frame& f, std::size_t i) {
        return i < f.locals.size() && f.locals[i] ? &*f.locals[i] : nullptr;
    }
    static const value* frame_cell_contents(const frame& f, std::size_t i) {
        return i < f.cells.size() ? &f.cells[i] : nullptr;
    }
    static const value* frame_global(const frame& f, std::string_view name) {
        auto it = f.globals.find(name);
        return it == f.globals.end() ? nullptr : &it->second;
    }
    // snippet: end
    static std::optional<value> attribute(const value& v, std::string_view name) {
        if (auto* i = std::get_if<instance>(&v->data)) {
            auto it = i->attributes.find(name);
            if (it != i->attributes.end()) return it->second;
        }
        if (auto* c = std::get_if<class_object>(&v->data)) {
            auto it = c->attributes.find(name);
            if (it != c->attributes.end()) return it->second;
        }
        if (auto* f = std::get_if<function>(&v->data); f && name == "__defaults__")
            return f->defaults ? f->defaults : none();
        return std::nullopt;
    }
    static std::optional<value> item(const value& v, std::int64_t k) {
        const std::vector<value>* items = nullptr;
        if (auto* t = std::get_if<tuple>(&v->data)) items = &t->items;
        if (auto* l = std::get_if<list>(&v->data)) items = &l->items;
        if (!items || k < 0 || static_cast<std::size_t>(k) >= items->size()) return std::nullopt;
        return (*items)[static_cast<std::size_t>(k)];
    }
    static std::optional<value> item(const value& v, std::string_view key) {
        if (auto* d = std::get_if<dict>(&v->data))
            for (const auto& [k, x] : d->items)
                if (k == key) return x;
        return std::nullopt;
    }
    // Types are identified by their variant index (instances by name hash).
    static std::uintptr_t type_identity(const value& v) {
        if (auto* i = std::get_if<instance>(&v->data)) return 100 + std::hash<std::string>{}(i->type_name) % 100000;
        return v->data.index();
    }
    static std::uintptr_t identity(const value& v) { return reinterpret_cast<std::uintptr_t>(v.get()); }
    static bool matches_constant(const value& v, const lasso::constant& c) {
        return std::visit(
            [&](const auto& expected) -> bool {
                using T = std::decay_t<decltype(expected)>;
                auto* actual = std::get_if<T>(&v->data);
                return actual && *actual == expected;
            },
            c);
    }
    static bool matches_tensor_meta(const value& v, const tensor_meta& m) {
        auto* t = std::get_if<tensor>(&v->data);
        return t && t->meta == m;
    }
    static std::optional<std::size_t> length(const value& v) {
        if (auto* t = std::get_if<tuple>(&v->data)) return t->items.size();
        if (auto* l = std::get_if<list>(&v->data)) return l->items.size();
        if (auto* d = std::get_if<dict>(&v->data)) return d->items.size();
        return std::nullopt;
    }
    static bool grad_enabled() { return grad_mode; }
    static std::string describe_value(const value& v) {
        if (auto* t = std::get_if<tensor>(&v->data)) return "a tensor " + describe(t->meta);
        if (auto* i = std::get_if<std::int64_t>(&v->data)) return "int " + std::to_string(*i);
        if (auto* l = std::get_if<list>(&v->data)) return "a list of " + std::to_string(l->items.size());
        if (auto* t = std::get_if<tuple>(&v->data)) return "a tuple of " + std::to_string(t->items.size());
        return "a value of type " + type_name(v);
    }
    static std::string describe_meta(const tensor_meta& m) { return describe(m); }
};
static_assert(lasso::GuardAdapter<adapter>);
static_assert(lasso::TranslatorAdapter<adapter>);
static_assert(lasso::EagerAdapter<adapter>);

} // namespace lasso_test::tiny
