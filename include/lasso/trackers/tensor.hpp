// lasso/trackers/tensor.hpp
//
// The tensor family: a tensor of the trace is a node of the graph being built, with its
// metadata (the adapter's `tensor_meta`). A graph input is a placeholder node whose
// tracker has the source it is read from; every other tensor is computed by the graph.
// Its truth and length are data, never known at trace time (a branch on a tensor is a
// graph break); it is never None.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/adapter.hpp>
#include <lasso/fold.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/containers.hpp>
#include <lasso/trackers/functions.hpp>
#include <lasso/trackers/iterators.hpp>
#include <lasso/trackers/sizes.hpp>
#include <lasso/unsupported.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <optional>
#include <cstdint>
#include <utility>
#include <variant>
#include <vector>
#include <string>
#include <string_view>

namespace lasso::trackers {

namespace detail {
/// One item of a tensor index as an operand: a slice as the list of its bounds,
/// Ellipsis as the empty list; a tuple, list or tensor (numpy's advanced indexing) is a
/// graph break; anything else is passed as it is (the shape rule judges it).
template <class T> tracker_ref index_item(T& t, tracker_ref item) {
    using A = typename T::adapter;
    const auto& data = t.arena()[item].data;
    if (const auto* s = std::get_if<slice>(&data)) {
        if (!s->symbolic_bounds.empty()) {
            std::vector<tracker_ref> bounds = s->symbolic_bounds;
            if (bounds.size() == 2) bounds.push_back(t.make_constant(constant{none_t{}}));
            return t.add_tracker(list{std::move(bounds)});
        }
        std::vector<tracker_ref> bounds;
        for (const auto& b : {s->start, s->stop, s->step})
            bounds.push_back(b ? t.make_constant(*b) : t.make_constant(constant{none_t{}}));
        return t.add_tracker(list{std::move(bounds)});
    }
    if (container_kind_of(t.arena(), item) || t.tensor_of(item))
        give_up(reasons::unsupported_tensor_op, "indexing a tensor with ", t.describe(item),
                " (advanced indexing) is not captured");
    const bool ellipsis = std::visit(
        [](const auto& x) {
            if constexpr (requires { x.object_value(); }) return A::is_ellipsis(*x.object_value());
            else return false;
        },
        data);
    if (ellipsis) return t.add_tracker(list{});
    return item;
}
/// A tensor index as the operand of `getitem` (lasso::feature::tensor_slicing): always
/// a tuple (`x[i]` is `x[i,]` for what is captured), so that a list inside it, which
/// the eager backend passes as a tuple, is always a slice or Ellipsis.
template <class T> tracker_ref index_operand(T& t, tracker_ref index) {
    using A = typename T::adapter;
    // A constant tuple of the code with an Ellipsis (`x[..., 0]`) is one opaque object.
    const auto* whole = std::visit(
        [](const auto& x) -> const typename T::value* {
            if constexpr (requires { x.object_value(); }) return x.object_value();
            else return nullptr;
        },
        t.arena()[index].data);
    if (whole && A::classify(*whole) == value_kind::tuple) {
        std::vector<tracker_ref> converted;
        for (const auto& item : A::elements(*whole)) {
            if (A::is_ellipsis(item)) {
                converted.push_back(t.add_tracker(list{}));
                continue;
            }
            auto r = t.constant_tracker(item);
            if (!r) give_up(reasons::unsupported_tensor_op, "indexing a tensor with a tuple of other than constants");
            converted.push_back(index_item(t, *r));
        }
        return t.add_tracker(tuple{std::move(converted)});
    }
    if (container_kind_of(t.arena(), index) != container_kind::tuple) return t.add_tracker(tuple{{index_item(t, index)}});
    const std::vector<tracker_ref>* items = sequence_items(t.arena(), index);
    if (!items) give_up(reasons::value_not_constant, "a tensor index of unknown items");
    std::vector<tracker_ref> converted;
    for (tracker_ref item : *items) converted.push_back(index_item(t, item));
    return t.add_tracker(tuple{std::move(converted)});
}
} // namespace detail

template <class Meta> struct tensor {
    lasso::graph::node node;
    Meta meta;
    /// With `tensor_mutation`: whether it may share memory with another tensor of the
    /// trace (a view, a tensor a view was taken of, what cond or while_loop was given or
    /// returned), so that a write into it would be
    /// seen through a value the trace holds apart; in-place operators on it break.
    bool may_alias = false;
    /// With `tensor_mutation`, for a tensor read from the frame: the address range its
    /// elements span (`A::tensor_memory`), which guards keep apart from written ones.
    std::uintptr_t memory_begin = 0, memory_end = 0;

    static constexpr std::string_view family = "tensor";
    static constexpr bool value_is_data = true;
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a tensor"; }
    std::optional<bool> none() const { return false; }
    std::string_view value_type() const { return "Tensor"; }

    /// The address range its elements span, for a tensor read from the frame (with
    /// `tensor_mutation`): what guards keep apart from tensors written in place.
    std::optional<std::pair<std::uintptr_t, std::uintptr_t>> memory_span() const {
        return std::pair{memory_begin, memory_end};
    }
    /// From now on it may share memory with another tensor of the trace (`may_alias`):
    /// marked through `out.edit` (saved for a checkpoint's restore).
    template <class Out> void note_may_alias(Out& out, tracker_ref self) const {
        if (!may_alias) out.template edit<tensor>(self)->may_alias = true;
    }

    /// A tensor the graph computed is one of its outputs (an input has a source).
    template <class R> void rebuild(R& r, tracker_ref) const { r.push_output(node); }
    /// Its node: an output of the graph unless it is an input.
    std::optional<lasso::graph::argument> graph_value() const { return lasso::graph::argument(node); }
    /// An iterator over its rows that has given `given`: the tensor iterated again and
    /// advanced past them, so that it reads that tensor as the traced one did (a copy of
    /// the remaining rows would not see later in-place changes). The rows exist, since
    /// the tensor's shape is known; running out early would be a broken invariant.
    template <class R> void rebuild_iterator(R& r, tracker_ref self, std::size_t given, std::size_t) const {
        r.emit(self);
        r.push(bytecode::op::get_iter);
        if (given > 0) r.skip_items(given);
    }

    // ---- what the translator asks (translator/ask.hpp) -------------------------------

    /// Any operator with a tensor operand is a graph node (the shape rule decides).
    template <class T>
    std::optional<tracker_ref> binary(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) const {
        const char* name = fold::tensor_binary_name(which);
        if (!name) give_up(reasons::unsupported_tensor_op, "operator '", bytecode::binary_op_text(which), "' on tensors");
        const tracker_ref args[] = {reflected ? other : self, reflected ? self : other};
        return t.tensor_op(name, args);
    }
    template <class T> std::optional<tracker_ref> unary(T& t, tracker_ref self, bytecode::op o) const {
        using bytecode::op;
        const tracker_ref args[] = {self};
        return t.tensor_op(o == op::unary_negative ? "neg" : o == op::unary_positive ? "pos" : "invert", args);
    }
    /// A comparison node; `==` and `!=` compare identity when the adapter says tensors
    /// do (`tensor_equality_is_identity`).
    template <class T>
    std::optional<tracker_ref> compare(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) const {
        if (tensor_equality_is_identity<typename T::adapter>() && (which == 2 || which == 3)) {
            // A tensor's `==` declines an object of a class with `__eq__`: its method answers.
            if (user_equality(t, other)) return std::nullopt;
            return t.make_constant(t.identical(self, other) == (which == 2));
        }
        const char* name = fold::tensor_compare_name(which);
        if (!name) give_up(reasons::unsupported_tensor_op, "comparison '", fold::compare_symbol(which), "' on tensors");
        const tracker_ref args[] = {reflected ? other : self, reflected ? self : other};
        return t.tensor_op(name, args);
    }
    /// Whether `==` with it compares identity (as items of compared sequences, too).
    template <class T> bool equal_by_identity(const T&, tracker_ref) const {
        return tensor_equality_is_identity<typename T::adapter>();
    }
    /// `x[index]`: the node `getitem(x, index)`. With lasso::feature::tensor_slicing its
    /// slices and Ellipsis are passed as lists (features.hpp says how); without it a
    /// slice is a graph break.
    template <class T> tracker_ref subscript(T& t, tracker_ref self, tracker_ref index) const {
        if constexpr (TensorSlicingAdapter<typename T::adapter>) {
            const tracker_ref args[] = {self, detail::index_operand(t, index)};
            return t.tensor_op("getitem", args);
        } else {
            if (slice_positions(t.arena(), index, 0))
                give_up(reasons::unsupported_tensor_op, "slicing a tensor is not supported yet");
            const tracker_ref args[] = {self, index};
            return t.tensor_op("getitem", args);
        }
    }
    /// Its rows, as graph nodes.
    template <class T> std::vector<tracker_ref> items_of(T& t, tracker_ref self) const {
        const auto n = t.tensor_length(*this);
        std::vector<tracker_ref> rows;
        for (std::size_t i = 0; i < n; ++i) rows.push_back(t.tensor_row(self, i));
        return rows;
    }
    /// An iterator over its rows, made one by one as the loop asks.
    template <class T> tracker_ref iterate(T& t, tracker_ref self) const {
        std::size_t n = 0;
        try {
            n = t.tensor_length(*this);
        } catch (unsupported& u) {
            u.reason.insert(0, "iteration over a tensor: ");
            throw;
        }
        return t.add_tracker(iterator{{}, 0, self, n});
    }
    /// Its first dimension, from the adapter's `__len__` attribute, as a count: a
    /// symbolic one is specialized (what needs a count unrolls the rows).
    template <class A> std::size_t row_count() const {
        static_attribute a = A::tensor_attribute(meta, "__len__");
        if (auto* u = std::get_if<unsupported>(&a)) throw std::move(*u);
        if (auto* s = std::get_if<sym_int>(&a))
            if (const std::int64_t n = s->specialize(); n >= 0) return static_cast<std::size_t>(n);
        if (auto* c = std::get_if<constant>(&a))
            if (auto n = fold::as_int(*c); n && *n >= 0) return static_cast<std::size_t>(*n);
        give_up(reasons::value_not_constant, "the length of a tensor is not known at trace time");
    }
    /// `len(x)`: its first dimension, from the adapter's `__len__` attribute (a size
    /// when it is symbolic).
    template <class T> tracker_ref len(T& t, tracker_ref) const {
        static_attribute a = T::adapter::tensor_attribute(meta, "__len__");
        if (auto* s = std::get_if<sym_int>(&a)) return size_tracker(t, *s);
        return t.make_constant(static_cast<std::int64_t>(t.tensor_length(*this)));
    }
    /// Whether it is an object the trace made (no frame value can be it; a frame
    /// tensor written in place has a computed node but is still the frame's).
    template <class T> bool made_by_trace(T& t, tracker_ref self) const {
        return tensor_results_are_new<typename T::adapter>() && !t.record(self).source &&
               t.output().graph.kind(node) != lasso::graph::node_kind::placeholder;
    }
    /// A static attribute (`x.shape`, `x.ndim`, `x.dtype`) from the metadata.
    template <class T> tracker_ref load_attribute(T& t, tracker_ref self, const std::string& name) const {
        static_attribute a = T::adapter::tensor_attribute(meta, name);
        if (auto* u = std::get_if<unsupported>(&a)) throw std::move(*u);
        if (auto* op = std::get_if<attribute_operation>(&a)) {
            const tracker_ref args[] = {self};
            return t.tensor_op(op->method, args, true);
        }
        if (auto* c = std::get_if<constant>(&a)) return t.make_constant(std::move(*c));
        if (auto* s = std::get_if<sym_int>(&a)) return size_tracker(t, *s);
        std::vector<tracker_ref> refs;
        if (auto* sizes = std::get_if<std::vector<sym_int>>(&a)) {
            refs.reserve(sizes->size());
            for (const sym_int& s : *sizes) refs.push_back(size_tracker(t, s));
        } else {
            auto& items = std::get<std::vector<constant>>(a);
            refs.reserve(items.size());
            for (auto& c : items) refs.push_back(t.make_constant(std::move(c)));
        }
        return t.add_tracker(tuple{std::move(refs)});
    }
    /// `hasattr(x, name)`: true for an attribute its metadata gives (`shape`, `ndim`,
    /// `dtype`), which the guards on its metadata keep; a method or an absent name is
    /// not known from metadata (no answer: a graph break).
    template <class T> std::optional<bool> has_attribute(T&, tracker_ref, const std::string& name) const {
        if (std::holds_alternative<unsupported>(T::adapter::tensor_attribute(meta, name))) return std::nullopt;
        return true;
    }
    /// `x.relu` for a call: a method builtin (a call_method node), then the tensor.
    template <class T>
    std::pair<tracker_ref, tracker_ref> load_method(T& t, tracker_ref self, const std::string& name) const {
        return {t.add_tracker(builtin<typename T::value>{std::nullopt, name, true, builtin_kind::tensor_op}), self};
    }
};

} // namespace lasso::trackers
