// lasso/trackers/context_managers.hpp
//
// The context-manager family: a context manager that sets a global-state variable
// (`no_grad()`), made by a builtin call in the trace, and the `__exit__` that entering
// a `with` block pushes (of such a manager, or of an object of an interpreted class:
// translator/context_managers.hpp, translator/user_context_managers.hpp). Generated
// code makes a manager again by the call that made it.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lasso::trackers {

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

    static constexpr std::string_view family = "context manager";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a context manager"; }
    std::optional<bool> none() const { return false; }
    /// `before_with` on it: a block that sets the global-state variable
    /// (translator/context_managers.hpp; an entered one's exit cannot be entered).
    template <class Entry> void on_before_with(Entry& entry) const { entry.enter_global_state(*this); }
    /// An entered manager's `__exit__`, called at the end of its with block.
    template <class Site> tracker_ref on_call(Site& site) const { return site.exit_block(*this); }

    template <class F> void for_each_part(F&& f) const {
        for (tracker_ref part : call) f(part);
    }
    bool built_once() const { return true; }
    /// A context manager made in the trace (`no_grad()`): made again by its call. The
    /// exit of an interpreted class's open block: the manager's `__exit__`, bound again
    /// (the class's function, which the block's entry guarded).
    template <class R> void rebuild(R& r, tracker_ref self) const {
        using bytecode::op;
        if (entered && user_exit && manager) {
            r.emit(*manager);
            r.push(op::load_attr, std::string("__exit__"));
            r.keep_if_reused(self);
            return;
        }
        if (entered || call.empty() || !r.output().trackers[call[0]].source)
            give_up(reasons::value_not_rebuildable, "a context manager that generated code cannot make again (", name, ")");
        r.push(op::push_null);
        for (tracker_ref part : call) r.emit(part);
        r.push(op::call, static_cast<std::int64_t>(call.size() - 1));
        r.keep_if_reused(self);
    }
};

} // namespace lasso::trackers
