// lasso/trackers/defaults.hpp
//
// The standard tracker types. Each is plain data; what the translator asks of any
// tracker (truth, length, items, a description) is in trackers/behaviour.hpp. `Meta`
// is the adapter's tensor metadata and `Value` its value type (for objects the
// translator keeps a reference to).
#pragma once

#include <lasso/constant.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lasso::trackers {

/// A tensor: a node of the graph being built, with its metadata.
template <class Meta> struct tensor {
    lasso::graph::node node;
    Meta meta;
};

/// None, bool, int, float or str known at trace time.
struct constant_value {
    lasso::constant value;
};

struct tuple {
    std::vector<tracker_ref> items;
};
/// `iterated_by_copy`: enumerate() or zip() took the items for an iterator (which,
/// in the interpreter, would see later changes): the list may no longer change.
struct list {
    std::vector<tracker_ref> items;
    bool iterated_by_copy = false;
};
struct dict {
    std::vector<std::pair<tracker_ref, tracker_ref>> items; ///< insertion order
};
/// A list read from the frame whose items the trace has not needed yet (only appended
/// to): guarded on its type alone, so a list that grows between calls does not
/// recompile. `appended` are the items the trace added at its end. It becomes a `list`
/// (its items read and its length guarded) as soon as an instruction consumes it for
/// anything else (translator/unread_lists.hpp). Only with `python_container_methods`.
template <class Value> struct unread_list {
    Value obj;
    std::vector<tracker_ref> appended;
    int depth = 0; ///< how deep in the frame value it was found (the builder's limit)
};

/// An interpreted function: its value (for identity), and the trackers of its
/// defaults and closure cells when they matter. `method_name` is the name a `load_method`
/// found it by on an object's class (the object follows it on the stack, as the
/// function's first argument); empty otherwise.
template <class Value> struct function {
    Value fn;
    std::vector<tracker_ref> defaults;
    std::vector<tracker_ref> closure;
    std::string method_name;
};

/// A builtin of the interpreter, known by value; `method` marks a method looked up on
/// a tensor (`x.relu`), which becomes a call_method node. `name` and `kind` are the
/// adapter's `builtin_behaviour` of `fn`, read once when the tracker is built: `name`
/// is the graph target of a tensor_op, the builtin's name otherwise.
template <class Value> struct builtin {
    std::optional<Value> fn;
    std::string name;
    bool method = false;
    builtin_kind kind = builtin_kind::tensor_op;
};

/// Any other object from the frame, known by value and source.
template <class Value> struct object {
    Value obj;
};

/// A type (class) object.
template <class Value> struct type {
    Value cls;
};

/// A function the trace made (`make_function` of a code constant: a `def`, lambda or
/// comprehension in captured code): the code constant, the tuple tracker of its
/// positional defaults, if any, and of its closure cells, if any (cells of the
/// captured frame, shared with it). Its globals are the frame's. The
/// code constant stands for the function where an identity is needed (the cache of
/// inner resume functions), and generated code makes it again (load_const,
/// make_function).
template <class Value> struct made_function {
    Value code;
    std::optional<tracker_ref> defaults;
    std::optional<tracker_ref> closure = {}; ///< a tuple of cell trackers of the captured frame
};

/// An instance of a user class made during tracing (its `__init__` inlined): the class
/// (its tracker, guarded, for attribute and method lookups) and the attributes stored
/// on the instance so far, in store order. The object exists only in the trace; where
/// it would outlive it (returned, live at a graph break), the graph breaks at
/// `created_at` instead, the number (as `translation::frame_instruction` counts) of the frame's
/// instruction that made it: the class call, or the call that led to it.
template <class Value> struct new_object {
    Value cls;
    tracker_ref class_tracker;
    std::vector<std::pair<std::string, tracker_ref>> attributes;
    std::size_t created_at = 0;
    int line = -1;

    const tracker_ref* attribute(const std::string& name) const {
        for (const auto& [key, r] : attributes)
            if (key == name) return &r;
        return nullptr;
    }
};

/// range(start, stop, step) with constant bounds; `maker` is the builtin the trace
/// called to make it, which generated code calls again (output/reconstruct.hpp).
struct range {
    std::int64_t start = 0, stop = 0, step = 1;
    std::optional<tracker_ref> maker = std::nullopt;

    /// The number of items (step is never zero).
    std::size_t length() const noexcept {
        if (step > 0 && start < stop) {
            const auto diff = static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start);
            return static_cast<std::size_t>((diff - 1) / static_cast<std::uint64_t>(step) + 1);
        }
        if (step < 0 && start > stop) {
            const auto diff = static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop);
            const auto magnitude = std::uint64_t{0} - static_cast<std::uint64_t>(step);
            return static_cast<std::size_t>((diff - 1) / magnitude + 1);
        }
        return 0;
    }
    /// Item `i` (i < length()), computed without signed overflow.
    std::int64_t item(std::size_t i) const noexcept {
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(start) +
                                         static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(step));
    }
};

/// A slice made by build_slice, with bounds known at trace time (absent: None).
/// Python code cannot name one; subscripts consume it at once.
struct slice {
    std::optional<std::int64_t> start, stop, step;

    /// The positions a sequence of `n` items yields for this slice, as Python computes
    /// them; `unsupported` for a zero or unrepresentable step.
    std::vector<std::size_t> positions(std::size_t n) const {
        const std::int64_t by = step.value_or(1);
        if (by == 0) give_up("slice step cannot be zero");
        if (by == INT64_MIN) give_up("slice step out of range");
        const auto len = static_cast<std::int64_t>(n);
        auto adjust = [&](std::optional<std::int64_t> bound, std::int64_t missing) -> std::int64_t {
            if (!bound) return missing;
            std::int64_t x = *bound;
            if (x < 0) {
                x = x < -len ? -len : x;
                x += len;
                if (x < 0) x = by < 0 ? -1 : 0;
            } else if (x >= len) {
                x = by < 0 ? len - 1 : len;
            }
            return x;
        };
        const std::int64_t first = adjust(start, by < 0 ? len - 1 : 0);
        const std::int64_t end = adjust(stop, by < 0 ? -1 : len);
        std::vector<std::size_t> out;
        if (by > 0)
            for (std::int64_t i = first; i < end; i += by) out.push_back(static_cast<std::size_t>(i));
        else
            for (std::int64_t i = first; i > end; i += by) out.push_back(static_cast<std::size_t>(i));
        return out;
    }
};

/// An iterator over known items (unrolled loops): the items and the position. When
/// `lazy` is set, the items are made on demand from it instead (a range tracker: its
/// numbers; a tensor tracker: its rows), and `length` is their number; or read from it
/// (a list tracker: its items as they are when the iterator advances, as a list
/// iterator reads them, `length` unused; a dict tracker: its keys in order, `length`
/// its size when iteration began, which it must keep).
///
/// `call`, when not empty, is the builtin call that made it (the builtin's tracker,
/// then its arguments: `enumerate(l)`, `zip(a, b)` over a list): the interpreter's
/// iterator reads the list as it goes, so generated code makes it again by that call
/// and advances it, instead of from `items`, a copy.
struct iterator {
    std::vector<tracker_ref> items;
    std::size_t position = 0;
    std::optional<tracker_ref> lazy;
    std::size_t length = 0;
    std::vector<tracker_ref> call = {};

    std::size_t size() const noexcept { return lazy ? length : items.size(); }
};

/// The NULL pushed before calls.
struct null {};

/// A cell: its current contents, if known, and, for a cell of the captured frame
/// (its cell and free variables), its name there: the cell generated code loads
/// (`load_closure`) and stores into (`store_deref`). `made_in_trace`: a cell variable
/// of an inlined call, made by its make_cell; nobody outside the trace sees it (so a
/// function closing over it cannot outlive the trace: `created_at` and `line` are the
/// frame's instruction that made it, as for `new_object`). Without a name or that
/// flag, a cell of a closure made outside the trace.
struct cell {
    std::optional<tracker_ref> contents;
    std::string name = {};
    bool made_in_trace = false;
    std::size_t created_at = 0;
    int line = -1;
};

/// A context manager that sets a global-state variable (`no_grad()`): which one
/// (`state`, an index of lasso/global_state.hpp) and to what on entry. `call` is the
/// builtin and the arguments that made it (generated code makes it again by that
/// call). Once entered (`before_with`), the tracker `before_with` pushes stands for its
/// `__exit__`: `entered` is set, `saved` is the value the exit puts back and `manager`
/// the context manager it was entered from.
struct context_manager {
    std::string name;
    std::size_t state = 0;
    bool value = false;
    std::vector<tracker_ref> call = {};
    bool entered = false;
    bool saved = false;
    std::optional<tracker_ref> manager = {};
    /// For the exit of a block of an object of an interpreted class: its `__exit__`
    /// function, to inline on `manager` (`state` and the values are unused).
    std::optional<tracker_ref> user_exit = {};
};

/// The standard list, for a `Config`'s `trackers`.
template <class Value, class Meta>
inline constexpr auto default_trackers =
    boost::hana::tuple_t<tensor<Meta>, constant_value, tuple, list, dict, function<Value>, builtin<Value>, object<Value>,
                  type<Value>, new_object<Value>, made_function<Value>, range, slice, iterator, null, cell, context_manager,
                  unread_list<Value>>;

} // namespace lasso::trackers
