// A tiny interpreter runtime for tests of the capture machinery: reference-counted
// values (None, bool, int, float, str, tuple, list, tensor, object), frames with locals,
// cells and globals, and the adapter functions guards need. Tensors carry only
// metadata (dtype and shape) and a little data.
#pragma once

#include <lasso/lasso.hpp>

#include <cstdint>
#include <map>
#include <memory>
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
struct instance {
    std::string type_name;
    std::map<std::string, value, std::less<>> attributes;
};

struct object {
    std::variant<lasso::none_t, bool, std::int64_t, double, std::string, tuple, list, tensor, instance> data;
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
    static const char* names[] = {"NoneType", "bool", "int", "float", "str", "tuple", "list", "Tensor", "object"};
    if (auto* i = std::get_if<instance>(&v->data)) return i->type_name;
    return names[v->data.index()];
}

struct frame {
    std::vector<std::optional<value>> locals;
    std::vector<value> cells; // cell contents, cellvars then freevars
    std::map<std::string, value, std::less<>> globals;
};

inline bool grad_mode = true;

struct adapter {
    using value = tiny::value;
    using frame = tiny::frame;
    using tensor_meta = tiny::tensor_meta;

    static const value* frame_local(const frame& f, std::size_t i) {
        return i < f.locals.size() && f.locals[i] ? &*f.locals[i] : nullptr;
    }
    static const value* frame_cell_contents(const frame& f, std::size_t i) { return i < f.cells.size() ? &f.cells[i] : nullptr; }
    static const value* frame_global(const frame& f, std::string_view name) {
        auto it = f.globals.find(name);
        return it == f.globals.end() ? nullptr : &it->second;
    }
    static std::optional<value> attribute(const value& v, std::string_view name) {
        if (auto* i = std::get_if<instance>(&v->data)) {
            auto it = i->attributes.find(name);
            if (it != i->attributes.end()) return it->second;
        }
        return std::nullopt;
    }
    static std::optional<value> item(const value& v, std::int64_t k) {
        const std::vector<value>* items = nullptr;
        if (auto* t = std::get_if<tuple>(&v->data)) items = &t->items;
        if (auto* l = std::get_if<list>(&v->data)) items = &l->items;
        if (!items || k < 0 || static_cast<std::size_t>(k) >= items->size()) return std::nullopt;
        return (*items)[static_cast<std::size_t>(k)];
    }
    static std::optional<value> item(const value&, std::string_view) { return std::nullopt; }
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

} // namespace lasso_test::tiny
