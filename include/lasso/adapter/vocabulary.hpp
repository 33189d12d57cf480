// lasso/adapter/vocabulary.hpp
//
// The types an adapter's members speak in: how a value is classified, what a shape rule
// gets and answers, what calling a builtin means during capture, and the host callables
// generated code calls. The requirements that use them are in
// lasso/adapter/requirements.hpp.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>
#include <lasso/symbolic/sym_int.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace lasso {

/// The semantic opcode vocabulary adapters map their opcodes onto.
using bytecode::op;

/// How the builder treats a frame value (`A::classify`).
enum class value_kind : std::uint8_t {
    none,
    boolean,
    integer,
    floating,
    string, ///< constants (`A::constant_of`)
    tuple,
    list,     ///< sequences (`A::elements`)
    dict,     ///< string-keyed dicts (`A::dict_items`)
    tensor,   ///< `A::tensor_meta_of`
    function, ///< an interpreted function
    builtin,  ///< `A::builtin_behaviour`
    type,     ///< a class
    other,    ///< any other object (kept by reference)
};

/// An operand of a tensor operation, for the adapter's shape rules: a tensor, a
/// constant, a symbolic size (adapters with `feature::symbolic_shapes`), or a tuple or
/// list whose items are constants, sizes or such sequences again
/// (`tensor([[1, 2], [3, 4]])`). A sequence has `elements` (its items as operands,
/// `element_count` of them) and, when every item is a constant, `items` as well (a
/// shape, say). `size_of` and `sizes_of` read an int or a shape whether its items are
/// constants or symbolic.
template <class Meta> struct operand {
    const Meta* tensor = nullptr;                 ///< set for tensors
    const constant* value = nullptr;              ///< set for constants
    const sym_int* size = nullptr;                ///< set for symbolic sizes
    const std::vector<constant>* items = nullptr; ///< set for a flat tuple or list of constants
    const operand* elements = nullptr;            ///< set for every tuple or list (when not empty)
    std::size_t element_count = 0;
    bool is_sequence = false; ///< a tuple or list, possibly empty
    bool is_list = false;     ///< a list (the graph argument is a tuple either way)

    /// The items of a sequence operand, as operands.
    std::span<const operand> sequence() const noexcept { return {elements, element_count}; }
};

/// An int operand as a size: an integer constant (not a bool) or a symbolic size.
template <class Meta> std::optional<sym_int> size_of(const operand<Meta>& o) {
    if (o.size) return *o.size;
    if (o.value)
        if (const auto* i = std::get_if<std::int64_t>(o.value)) return sym_int(*i);
    return std::nullopt;
}

/// A flat tuple or list of ints and sizes (a shape) as sizes.
template <class Meta> std::optional<std::vector<sym_int>> sizes_of(const operand<Meta>& o) {
    if (!o.is_sequence) return std::nullopt;
    std::vector<sym_int> out;
    out.reserve(o.element_count);
    for (const operand<Meta>& e : o.sequence()) {
        auto s = size_of(e);
        if (!s) return std::nullopt;
        out.push_back(*s);
    }
    return out;
}

/// A shape rule's answer: the result's metadata, or why the operation cannot be
/// captured (the eager run then raises the interpreter's own error, if any).
template <class Meta> using meta_or_reason = std::variant<Meta, unsupported>;

/// A tensor attribute that is an operation on the tensor, not metadata (numpy's `x.T`).
/// Reading it records the call_method node `method` of the tensor, with no other
/// argument: its shape rule is `infer_meta(method, {tensor})`, and the adapter's
/// `run_op(method, {tensor}, true)` computes it (reading the attribute, if it likes).
struct attribute_operation {
    std::string method;
};

/// A tensor attribute known from metadata alone (`t.shape`, `t.ndim`, `t.dtype`,
/// `len(t)` as `__len__`): a constant, a tuple of constants, a size or a tuple of sizes
/// (symbolic shapes), or unsupported; or an operation on the tensor.
using static_attribute =
    std::variant<constant, std::vector<constant>, unsupported, sym_int, std::vector<sym_int>, attribute_operation>;

/// What calling a builtin means during capture (`A::builtin_behaviour`).
enum class builtin_kind : std::uint8_t {
    tensor_op,       ///< becomes a graph node `name(args...)` (shape rule: `A::infer_meta(name, ...)`)
    pure,            ///< constant-foldable: run at trace time through `A::call_pure` when every argument is constant
    truth,           ///< `bool(x)`: a user object's truth by its class's `__bool__` or `__len__` (inlined); else as `pure`
    len,             ///< `len(x)`: the length of a known container, or a tensor's `__len__` attribute
    range,           ///< `range(...)` of constants: a range tracker (loops over it are unrolled)
    iter,            ///< `iter(iterable)`: an iterator over it, as a for loop makes one
    enumerate,       ///< `enumerate(iterable[, start])` of an iterable known at trace time
    zip,             ///< `zip(a, b, ...)` of iterables known at trace time
    sum,             ///< `sum(iterable[, start])` of an iterable known at trace time: its `+` one by one
    min,             ///< `min(a, b, ...)` or `min(iterable)`: the least item by `<` (sizes compare as recorded relations)
    max,             ///< `max(a, b, ...)` or `max(iterable)`: the greatest item by `>`
    sorted,          ///< `sorted(iterable[, reverse=flag])` of constants or sizes: a new list, sorted stably by `<`
    list,            ///< `list([iterable])`: a new list of the items iteration gives
    tuple,           ///< `tuple([iterable])`: a tuple of the items (a tuple itself is returned as it is)
    dict,            ///< `dict([mapping or pairs], **keywords)`: a new dict with constant keys
    getattr,         ///< `getattr(obj, name[, default])`: as `obj.name` (the default where the attribute is absent)
    hasattr,         ///< `hasattr(obj, name)`: whether `obj.name` can be read, guarded either way
    setattr,         ///< `setattr(obj, name, value)`: as `obj.name = value` (returns None)
    context_manager, ///< `no_grad()`: a context manager that sets global-state variable `state` to `state_value`
    state_read,      ///< `is_grad_enabled()`: the traced value of global-state variable `state`
    state_set,       ///< `set_grad_enabled(flag)`: sets global-state variable `state` (returns None)
    comptime,        ///< trace-time introspection (lasso/comptime.hpp)
    higher_order,    ///< `cond`, `while_loop`: takes functions; one node with subgraphs (translator/higher_order.hpp)
    graph_break,     ///< cannot be captured (`print`, `graph_break()`, data-dependent calls)
};

struct builtin_behaviour {
    builtin_kind kind = builtin_kind::graph_break;
    std::string name; ///< graph target for tensor_op; the builtin's name otherwise
    /// For context_manager, state_read and state_set: the global-state variable
    /// (lasso/global_state.hpp), by index.
    std::size_t state = 0;
    /// For context_manager: the value it sets on entry.
    bool state_value = false;
    /// For pure: the tensor operation that a call with a tensor argument records instead
    /// (the builtin `abs(x)` of an array), or empty (such a call is a graph break).
    std::string on_tensors{};
    /// For context_manager: it takes one argument, whose truth is the value it sets on
    /// entry (`grad_mode(flag)`; `state_value` is then unused). Generated code makes
    /// such a manager again by the same call, with the same argument. A manager read
    /// from the frame is still guarded on its type alone, so the interpreter must make
    /// managers of different values of different types.
    bool value_from_argument = false;
};

/// A callable embedded in generated bytecode (a compiled graph).
template <class Value> using host_function = std::function<Value(std::span<const Value>)>;

} // namespace lasso
