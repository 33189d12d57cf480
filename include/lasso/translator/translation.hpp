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
#include <optional>
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

template <class Config> using config_tracker_list = std::remove_const_t<decltype(Config::trackers)>;

/// What translating a frame produced: the output graph, and how the evaluation ended
/// (a return, a reason it could not go on, or a requested stop).
template <class A, class Config> struct translation : output_graph<A, config_tracker_list<Config>> {
    std::optional<tracker_ref> returned; ///< the returned value, when the frame returned
    std::optional<unsupported> failure;  ///< why the evaluation could not go on
    /// The line of the failing instruction, or of the return when the frame returned
    /// (where a return value that cannot be rebuilt is reported).
    int failure_line = -1;
    /// Instructions evaluated. When `failure` is set, the instruction that failed was
    /// the `instructions`-th (counting from 1).
    std::size_t instructions = 0;
    /// The state before the instruction a restart was told to stop at.
    std::optional<frame_state> stopped;
    /// Whether the failure is an instruction that could run in the interpreter after a
    /// graph break (not malformed bytecode or the loop budget).
    bool breakable = false;
    /// Whether the break comes before the failing instruction rather than at it: the
    /// instruction is not run by the code at the break but is the resume function's
    /// first (the start of a try or with block, which the resume function runs with
    /// its exception table).
    bool break_before = false;

    bool captured() const noexcept { return !failure.has_value() && returned.has_value(); }
};

struct translator_options {
    /// Stop before evaluating the instruction with this number (counting from 1, as
    /// `translation::instructions` does) and keep the state there.
    std::optional<std::size_t> stop_before;
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
