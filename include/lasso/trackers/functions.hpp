// lasso/trackers/functions.hpp
//
// The family of functions: interpreted functions read from the frame (inlined where
// they are called: translator/inline.hpp), builtins of the interpreter (whose calls
// mean what the adapter's `builtin_behaviour` says), and functions the trace made
// (`make_function` of a code constant: a def, lambda or comprehension in captured code),
// which generated code makes again where they outlive the trace. A function is always
// true and never None.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/tracker.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lasso::trackers {

/// An interpreted function: its value (for identity), and the trackers of its
/// defaults and closure cells when they matter. `method_name` is the name a `load_method`
/// found it by on an object's class (the object follows it on the stack, as the
/// function's first argument); empty otherwise.
template <class Value> struct function {
    Value fn;
    std::vector<tracker_ref> defaults;
    std::vector<tracker_ref> closure;
    std::string method_name;

    static constexpr std::string_view family = "function";
    template <class Names> std::string describe(const Names& names, tracker_ref self) const {
        return lasso::detail::join({"function '", names.name_of(self), "'"});
    }
    std::optional<bool> truth() const { return true; }
    std::optional<bool> none() const { return false; }
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

    static constexpr std::string_view family = "builtin";
    template <class Names> std::string describe(const Names&, tracker_ref) const {
        return lasso::detail::join({"builtin '", name, "'"});
    }
    std::optional<bool> truth() const { return true; }
    std::optional<bool> none() const { return false; }
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

    static constexpr std::string_view family = "made function";
    template <class Names> std::string describe(const Names&, tracker_ref) const {
        return "a function made during tracing";
    }
    std::optional<bool> truth() const { return true; }
    std::optional<bool> none() const { return false; }
};

} // namespace lasso::trackers
