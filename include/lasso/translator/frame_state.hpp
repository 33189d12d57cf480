// lasso/translator/frame_state.hpp
//
// The symbolic state of one frame between two instructions: which instruction is
// next, the value stack, the locals and the cells, as tracker handles, and keyword
// names waiting for their call. It is plain data and copies cheaply, so the state at a
// graph break can be kept, compared and handed to code generation as it is.
//
// The active exception-handling blocks follow from the instruction index and the
// code's exception table (each instruction knows the innermost handler covering it);
// what the exception table does not say, the `with` blocks entered during tracing and
// the context managers behind them, is kept here.
#pragma once

#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lasso {

/// A `with` block entered during tracing whose context manager sets global state: the
/// tracker of its `__exit__`; its exception handler (an instruction index of the code:
/// code under that handler is the block's body) with the depth and lasti of the entry
/// covering the body, which a resume function that enters the block again needs; and
/// where it was entered (the evaluation number of its `before_with`, that instruction's
/// line, whether the graph held operations then), for moving a graph break inside the
/// block to before it.
struct with_block {
    tracker_ref exit;
    std::uint32_t handler = 0;
    std::uint32_t depth = 0;
    bool lasti = false;
    std::size_t entered_at = 0;
    int line = -1;
    bool graph_before = false;
    /// Whether `before_with` was under a try block's handler (so is the body).
    bool inside_try = false;
    /// Whether the manager is an object of an interpreted class: its block is never
    /// entered again (that would run `__enter__` twice); at a graph break its bound
    /// `__exit__` is passed on as a value, and the block's own handler covers the rest.
    bool interpreted = false;
    /// For an interpreted class's block: the manager object (`before_with`'s operand).
    tracker_ref manager{};

    friend bool operator==(const with_block&, const with_block&) = default;
};

struct frame_state {
    /// The local of a variable after `del` (distinct from "not read from the frame yet",
    /// which is an empty optional).
    static constexpr tracker_ref unbound{UINT32_MAX};

    std::size_t pc = 0; ///< index of the next instruction in the decoded code
    std::vector<tracker_ref> stack;
    /// By local index; empty: not read from the frame yet (the frame's own value holds).
    std::vector<std::optional<tracker_ref>> locals;
    /// Cell trackers by cell index (cell variables, then free variables); empty: not
    /// made or read yet.
    std::vector<std::optional<tracker_ref>> cells;
    /// The names of a `kw_names` instruction, for the call that follows it.
    std::vector<std::string> kw_names;
    /// The `with` blocks open, outermost first.
    std::vector<with_block> with_blocks;

    friend bool operator==(const frame_state&, const frame_state&) = default;
};

} // namespace lasso
