// lasso/translator/translation.hpp
//
// What goes into a translator and what comes out of it, apart from the evaluator
// itself: the configuration (`default_config`, the unrolling budget), the decoded code
// it walks (`translator_input`), the options of a restart (`translator_options`), and
// the `translation` it produces: the output graph and how the evaluation ended.
#pragma once

#include <lasso/bytecode/decode.hpp>
#include <lasso/output/output_graph.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/frame_state.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <type_traits>
#include <vector>

namespace lasso {

/// The standard configuration: the standard trackers, no custom opcodes.
template <class A> struct default_config {
    static constexpr auto trackers = lasso::trackers::default_trackers<typename A::value, typename A::tensor_meta>;
};

/// How many instructions loops may add to a frame's evaluation (beyond one pass over
/// the code) before the translator gives up: `Config::max_unrolled_instructions`, or
/// this default.
inline constexpr std::size_t default_max_unrolled_instructions = 100000;
/// Items of lists and tuples that one translation may build in all, unless
/// `Config::max_traced_sequence_items` says otherwise: `l.extend(l)` in a loop doubles
/// a list on every pass, and the trace holds every item. Past it, a graph break.
inline constexpr std::size_t default_max_traced_sequence_items = std::size_t{1} << 24;

template <class Config> using config_tracker_list = std::remove_const_t<decltype(Config::trackers)>;

/// A failure inside an inlined call at an instruction of the innermost frame that can
/// run in the interpreter (a nested graph break): where it is in the evaluation, why,
/// and the inline stack.
struct inline_break {
    /// The failing instruction's number among all instructions evaluated (frame and
    /// inlined calls, counting from 1): what a restart stops before.
    std::size_t at = 0;
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

/// What translating a frame produced: the output graph, and how the evaluation ended
/// (a return, a reason it could not go on, or a requested stop).
/// Where a graph break inside `with` blocks goes when it cannot be made inside them:
/// before the outermost block (the evaluation number of its `before_with` and its
/// line), if the graph had operations before it (else the frame runs eagerly).
struct outside_with_block {
    std::size_t at = 0;
    int line = -1;
    bool graph_before = false;
};

template <class A, class Config> struct translation : output_graph<A, config_tracker_list<Config>> {
    std::optional<tracker_ref> returned; ///< the returned value, when the frame returned
    std::optional<unsupported> failure;  ///< why the evaluation could not go on
    /// The line of the failing instruction, or of the return when the frame returned
    /// (where a return value that cannot be rebuilt is reported).
    int failure_line = -1;
    /// Instructions of the frame's own code evaluated (what loop unrolling is bounded by).
    std::size_t instructions = 0;
    /// Instructions evaluated in all, the frame's and those of inlined calls; what
    /// `translator_options::stop_before` counts.
    std::size_t evaluated = 0;
    /// When `failure` is set: the number (as `evaluated` counts) of the frame's own
    /// instruction that failed.
    std::size_t failure_at = 0;
    /// When the failure happened inside an inlined call, at an instruction that can run
    /// in the interpreter: where, for a graph break inside the call.
    std::optional<inline_break> nested;
    /// The state before the instruction a restart was told to stop at (for a stop
    /// inside an inlined call, the frame's own, with the call in progress).
    std::optional<frame_state> stopped;
    /// For a stop inside an inlined call: the inlined frames, outermost first.
    std::vector<inlined_frame<A>> stopped_inlined;
    /// Whether the failure is an instruction that could run in the interpreter after a
    /// graph break (not malformed bytecode or the loop budget).
    bool breakable = false;
    /// Whether the break comes before the failing instruction rather than at it: the
    /// instruction is not run by the code at the break but is the resume function's
    /// first (the start of a try or with block, which the resume function runs with
    /// its exception table).
    bool break_before = false;
    /// When the failure is inside `with` blocks the trace entered: where to break instead.
    std::optional<outside_with_block> outside_with;

    bool captured() const noexcept { return !failure.has_value() && returned.has_value(); }
};

struct translator_options {
    /// Stop before evaluating the instruction with this number (counting from 1, as
    /// `translation::evaluated` does) and keep the state there.
    std::optional<std::size_t> stop_before;
    /// Where comptime's printing shortcuts write; nullptr silences them.
    std::ostream* comptime_output = &std::cerr;
};

/// A code read and decoded for translation, to share between translations of one frame
/// (the runtime's first translation and the translation again up to a graph break)
/// instead of decoding it for each.
template <class A> struct translator_input {
    bytecode::code_fields<typename A::value> fields;
    std::vector<bytecode::indexed_instruction<A>> instructions;

    explicit translator_input(const typename A::code& code)
        : fields(A::read_code(code)), instructions(bytecode::decode_indexed<A>(fields)) {}
};

} // namespace lasso
