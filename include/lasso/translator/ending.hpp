// lasso/translator/ending.hpp
//
// How the translation of a frame ended, as a value (`translation::end`): the frame
// returned; a graph break, of one of the kinds below; nothing can be captured and the
// frame runs eagerly; or a restart stopped where it was told to. The runtime turns the
// ending into code (runtime/capture.hpp). A break that cannot be made where it was found
// falls back to the next place a break can be made: inside inlined calls, to the
// frame's call; inside `with` blocks, to before the outermost block; wherever an object
// the trace made would outlive it, to the instruction that made the object.
//
// Instructions are named by their evaluation number (`translation::evaluated` counts
// every instruction evaluated, the frame's and those of inlined calls, from 1): a
// restart told to stop before that number reaches exactly the state before the
// instruction, however many times a loop ran before it.
#pragma once

#include <lasso/trackers/tracker.hpp>
#include <lasso/translator/frame_state.hpp>

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace lasso {

/// A failure inside an inlined call at an instruction of the innermost frame that can
/// run in the interpreter: where it is, why, and the inline stack.
struct inline_break {
    std::size_t at = 0; ///< the failing instruction's evaluation number
    std::string reason;
    int line = -1;
    /// Each frame of the inline stack, the frame's own first: its function and the
    /// line it was at (a call, or the failing instruction for the last).
    std::vector<std::pair<std::string, int>> stack;
};

/// A frame of the inline stack when a restart stops inside an inlined call: the called
/// function, its code, and the state before its next instruction (for every frame
/// but the innermost, its call is in progress: the call instruction is next, and its
/// callable and arguments are already off the stack).
template <class A> struct inlined_frame {
    typename A::value function; ///< the function whose call was inlined
    typename A::code code;
    frame_state state;
    std::string name;
};

namespace ending {

/// The frame returned `value`; `line` is the return instruction's.
struct returned {
    tracker_ref value;
    int line = -1;
};

/// A graph break at the frame's instruction evaluated as number `at`: the graph so far
/// is compiled, the instruction runs in the interpreter, and a resume function goes on
/// after it. With `instruction_in_resume`, the instruction is the resume function's
/// first instead (the start of a try or with block, which the resume function runs
/// with its exception table).
struct break_at_instruction {
    std::size_t at = 0;
    int line = -1;
    std::string reason;
    bool instruction_in_resume = false;
};

/// A failure inside `with` blocks the trace entered: a break at the instruction
/// (`inside`), with the blocks entered again around it and in the resume function;
/// where that cannot be made, before the outermost block (evaluated as `block_at`, at
/// `block_line`), when the graph had operations before it (`graph_before`).
struct break_in_with_block {
    break_at_instruction inside;
    std::size_t block_at = 0;
    int block_line = -1;
    bool graph_before = false;
};

/// A graph break at the frame's instruction that made an object of the trace which
/// would outlive it (output/escape.hpp): the interpreter makes the object, and the
/// code after it sees a real one.
struct break_at_construction {
    std::size_t at = 0;
    int line = -1;
    std::string reason;
};

/// A failure inside inlined calls: a break at the failing instruction of the innermost
/// call (`inner`), with a resume function for every frame of the inline stack; where
/// that cannot be made, at the frame's call (`at_call`).
struct break_in_inlined_call {
    inline_break inner;
    break_at_instruction at_call;
};

/// Nothing a graph break could help with: the frame runs eagerly.
struct run_eagerly {
    std::string reason;
    int line = -1;
};

/// A restart reached the instruction it was told to stop before: the frame's state
/// there and, for a stop inside inlined calls, each inlined frame's, outermost first;
/// whether the instruction there, or a call further out, is under a try block's
/// handler (the instruction must then run where that handler covers it).
template <class A> struct stopped {
    frame_state state;
    std::vector<inlined_frame<A>> inlined;
    bool under_try_handler = false;
};

} // namespace ending

template <class A>
using translation_end =
    std::variant<ending::returned, ending::break_at_instruction, ending::break_in_with_block, ending::break_at_construction,
                 ending::break_in_inlined_call, ending::run_eagerly, ending::stopped<A>>;

/// The reason of an ending that is not a return or a stop (empty for those).
template <class A> const std::string& reason_of(const translation_end<A>& end) {
    static const std::string none;
    return std::visit(
        [](const auto& e) -> const std::string& {
            using E = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<E, ending::break_in_with_block>) return e.inside.reason;
            else if constexpr (std::is_same_v<E, ending::break_in_inlined_call>) return e.at_call.reason;
            else if constexpr (requires { e.reason; }) return e.reason;
            else return none;
        },
        end);
}

/// The line an ending is reported at (-1 when there is none).
template <class A> int line_of(const translation_end<A>& end) {
    return std::visit(
        [](const auto& e) -> int {
            using E = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<E, ending::break_in_with_block>) return e.inside.line;
            else if constexpr (std::is_same_v<E, ending::break_in_inlined_call>) return e.at_call.line;
            else if constexpr (requires { e.line; }) return e.line;
            else return -1;
        },
        end);
}

} // namespace lasso
