// lasso/graph/node.hpp
//
// The vocabulary of the graph IR: the error type, node kinds, node handles, and the
// argument values a node can take (node references, constants, tuples and lists of
// those). A `graph` owns the nodes; everything here is a small value that refers into
// it or is copied into it, so this header has no dependency on the graph itself.
#pragma once

#include <lasso/symbolic/sym_int.hpp>

#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::graph {

/// The one exception type of the graph IR. The message names the node concerned
/// whenever there is one, so a misuse can be found without a debugger.
class graph_error : public std::runtime_error {
public:
    explicit graph_error(std::string reason) : std::runtime_error("graph error: " + reason), reason_(std::move(reason)) {}

    /// The message without the "graph error: " prefix.
    const std::string& reason() const noexcept { return reason_; }

private:
    std::string reason_;
};

/// What a node does, as in torch.fx.
enum class node_kind : std::uint8_t {
    placeholder,   ///< a graph input; target is its source (e.g. "L['x']")
    call_function, ///< target(args..., kwargs...)
    call_method,   ///< args[0].target(args[1:]..., kwargs...)
    get_attr,      ///< fetches attribute `target` of the module the graph belongs to
    output,        ///< the values the graph returns (its arguments), at most one per graph
};

constexpr std::string_view name_of(node_kind kind) noexcept {
    switch (kind) {
    case node_kind::placeholder: return "placeholder";
    case node_kind::call_function: return "call_function";
    case node_kind::call_method: return "call_method";
    case node_kind::get_attr: return "get_attr";
    case node_kind::output: return "output";
    }
    return "?";
}

/// call_function or call_method: the nodes that compute something.
constexpr bool is_call(node_kind kind) noexcept {
    return kind == node_kind::call_function || kind == node_kind::call_method;
}

template <class Meta> class graph;
namespace detail {
class graph_storage;
} // namespace detail

/// A handle to a node of a graph: 8 bytes, trivially copyable, stable while other
/// nodes are added or erased. It holds the node's slot in the graph's storage and a
/// stamp derived from the graph and the node's creation index, so that a handle of
/// another graph, of an erased node, or of a node removed by rollback is reported as
/// such instead of silently naming some other node. A default-constructed handle is
/// null and names no node.
class node {
public:
    constexpr node() noexcept = default;

    /// The node's slot: slots grow with creation order, so comparing slots of two live
    /// nodes of one graph compares their creation order.
    constexpr std::uint32_t index() const noexcept { return index_; }
    constexpr bool is_null() const noexcept { return index_ == null_index; }

    friend constexpr bool operator==(node, node) noexcept = default;
    friend constexpr auto operator<=>(node, node) noexcept = default;

private:
    template <class Meta> friend class graph;
    friend class detail::graph_storage;
    static constexpr std::uint32_t null_index = 0xFFFF'FFFFu;
    constexpr node(std::uint32_t index, std::uint32_t stamp) noexcept : index_(index), stamp_(stamp) {}

    std::uint32_t index_ = null_index;
    std::uint32_t stamp_ = 0;
};

/// An interned string of one graph (targets, keyword names, string constants). Passing
/// a symbol instead of a string to `add_call_function` skips the hash lookup.
struct symbol {
    std::uint32_t id = 0;
    friend constexpr bool operator==(symbol, symbol) noexcept = default;
};

/// Python's None as an argument value.
struct none_t {
    friend constexpr bool operator==(none_t, none_t) noexcept { return true; }
};
inline constexpr none_t none{};

class argument;

/// A symbolic size as an argument (`reshape(x, (2*s0, 3))`): the backend computes it from
/// the sizes of the graph's inputs on each call. Two are equal when they are the same
/// expression (comparing sizes with `==` would record a guard).
struct size_argument {
    symbolic::sym_int value;
    friend bool operator==(const size_argument& a, const size_argument& b) noexcept { return a.value.same_as(b.value); }
};

/// A tuple or list of argument values.
struct sequence {
    bool is_list = false;
    std::vector<argument> items;

    friend bool operator==(const sequence& a, const sequence& b);
};

namespace detail {
template <class T>
concept plain_integer = std::integral<T> && !std::same_as<T, bool> && !std::same_as<T, char> && !std::same_as<T, wchar_t> &&
                        !std::same_as<T, char8_t> && !std::same_as<T, char16_t> && !std::same_as<T, char32_t>;
} // namespace detail

/// One argument of a node: None, a bool, a 64-bit integer, a double, a string, a node,
/// a tuple/list of arguments (recursively), or a symbolic size. Converts implicitly from each of these,
/// so `g.add_call_function("add", {x, 1, "text", tuple_of({y, none})})` reads like the
/// call it records. Characters are not integers here: `'a'` does not convert.
class argument {
public:
    using value_type = std::variant<none_t, bool, std::int64_t, double, std::string, node, sequence, size_argument>;

    argument() = default; // None
    argument(none_t) noexcept {}
    argument(bool b) noexcept : value_(b) {}
    template <detail::plain_integer I> argument(I i) noexcept : value_(static_cast<std::int64_t>(i)) {}
    template <std::floating_point F> argument(F f) noexcept : value_(static_cast<double>(f)) {}
    argument(const char* s) : value_(std::string(s)) {}
    argument(std::string s) noexcept : value_(std::move(s)) {}
    argument(std::string_view s) : value_(std::string(s)) {}
    argument(node n) noexcept : value_(n) {}
    argument(sequence s) noexcept : value_(std::move(s)) {}
    argument(size_argument s) noexcept : value_(std::move(s)) {}
    /// A size: its integer when it is a constant.
    argument(const symbolic::sym_int& s) noexcept {
        if (auto c = s.constant()) value_ = *c;
        else value_ = size_argument{s};
    }

    const value_type& value() const noexcept { return value_; }
    template <class T> bool holds() const noexcept { return std::holds_alternative<T>(value_); }
    template <class T> const T* get_if() const noexcept { return std::get_if<T>(&value_); }

    bool is_none() const noexcept { return holds<none_t>(); }
    bool is_node() const noexcept { return holds<node>(); }
    bool is_sequence() const noexcept { return holds<sequence>(); }
    bool is_size() const noexcept { return holds<size_argument>(); }

    friend bool operator==(const argument& a, const argument& b) { return a.value_ == b.value_; }

private:
    value_type value_;
};

inline bool operator==(const sequence& a, const sequence& b) { return a.is_list == b.is_list && a.items == b.items; }

/// A tuple argument: `tuple_of({x, 1})` is Python's `(x, 1)`.
inline argument tuple_of(std::vector<argument> items) { return sequence{false, std::move(items)}; }
/// A list argument: `list_of({x, 1})` is Python's `[x, 1]`.
inline argument list_of(std::vector<argument> items) { return sequence{true, std::move(items)}; }

/// A keyword argument `name=value`.
struct keyword {
    std::string name;
    argument value;
    friend bool operator==(const keyword&, const keyword&) = default;
};

/// One frame of a node's source location. A location is a stack of frames, outermost
/// first (the frame being inlined into comes before the inlined one). When returned by
/// a graph, the strings view the graph's symbol table and live as long as the graph.
struct source_frame {
    std::string_view function;
    std::string_view file;
    std::int32_t line = 0;
    friend bool operator==(const source_frame&, const source_frame&) = default;
};

/// A read-only view of a contiguous list, built from a braced list, a vector or a span.
/// Graph functions take their argument lists as `list_ref` so that the common call
/// `g.add_call_function("add", {x, y})` allocates nothing on the way in. The view must
/// not outlive the call it is passed to.
template <class T> class list_ref {
public:
    constexpr list_ref() noexcept = default;
    constexpr list_ref(std::initializer_list<T> items) noexcept : items_(items.begin(), items.size()) {}
    constexpr list_ref(std::span<const T> items) noexcept : items_(items) {}
    constexpr list_ref(const std::vector<T>& items) noexcept : items_(items.data(), items.size()) {}

    constexpr const T* begin() const noexcept { return items_.data(); }
    constexpr const T* end() const noexcept { return items_.data() + items_.size(); }
    constexpr std::size_t size() const noexcept { return items_.size(); }
    constexpr bool empty() const noexcept { return items_.empty(); }
    constexpr const T& operator[](std::size_t i) const noexcept { return items_[i]; }

private:
    std::span<const T> items_;
};

} // namespace lasso::graph

template <> struct std::hash<lasso::graph::node> {
    std::size_t operator()(lasso::graph::node n) const noexcept {
        return std::hash<std::uint32_t>{}(n.index()); // equal handles have equal slots
    }
};
