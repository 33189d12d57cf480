// lasso/translator/translation.hpp
//
// What goes into a translator and what comes out of it, apart from the evaluator
// itself: the configuration (`default_config`, the unrolling budget), the decoded code
// it walks (`translator_input`), the options of a restart (`translator_options`), and
// the `translation` it produces: the output graph and how the evaluation ended
// (translator/ending.hpp).
#pragma once

#include <lasso/bytecode/decode.hpp>
#include <lasso/output/output_graph.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/ending.hpp>
#include <lasso/translator/frame_state.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <variant>
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

/// The limits a Config sets, or the defaults.
template <class Config> constexpr std::size_t max_unrolled_of() {
    if constexpr (requires { Config::max_unrolled_instructions; })
        return static_cast<std::size_t>(Config::max_unrolled_instructions);
    else return default_max_unrolled_instructions;
}
template <class Config> constexpr std::size_t max_sequence_items_of() {
    if constexpr (requires { Config::max_traced_sequence_items; })
        return static_cast<std::size_t>(Config::max_traced_sequence_items);
    else return default_max_traced_sequence_items;
}

template <class Config> using config_tracker_list = std::remove_const_t<decltype(Config::trackers)>;

/// What translating a frame produced: the output graph, and how the evaluation ended
/// (translator/ending.hpp).
template <class A, class Config> struct translation : output_graph<A, config_tracker_list<Config>> {
    translation_end<A> end = ending::run_eagerly{"the translation has not run"};
    /// Instructions of the frame's own code evaluated (what loop unrolling is bounded by).
    std::size_t instructions = 0;
    /// Instructions evaluated in all, the frame's and those of inlined calls: the
    /// evaluation numbers of instructions (`translator_options::stop_before`).
    std::size_t evaluated = 0;
    /// The evaluation number of the frame's own instruction being evaluated (inside an
    /// inlined call: the frame's call): what an object made in the trace records as
    /// where it was made (trackers::new_object::created_at).
    std::size_t frame_instruction = 0;
    /// Recorded while a failure inside inlined calls unwinds, at the innermost
    /// instruction that could run in the interpreter; the frame's translator makes it
    /// the ending (`ending::break_in_inlined_call`). A construct that must not break
    /// inside the call it inlines (a higher-order operator's function, a user
    /// `__enter__`) clears it.
    std::optional<inline_break> inline_failure;

    /// Whether the frame returned (and was captured whole by the trace).
    bool captured() const noexcept { return std::holds_alternative<ending::returned>(end); }
    /// The returned value, when the frame returned.
    std::optional<tracker_ref> returned() const {
        if (const auto* r = std::get_if<ending::returned>(&end)) return r->value;
        return std::nullopt;
    }
    /// The state a restart stopped at, when it did.
    const ending::stopped<A>* stopped() const noexcept { return std::get_if<ending::stopped<A>>(&end); }
    /// Whether the ending is a graph break, of any kind.
    bool breaks() const noexcept { return !captured() && !stopped() && !std::holds_alternative<ending::run_eagerly>(end); }
    /// Why the frame was not captured whole (empty when it returned or stopped).
    const std::string& reason() const { return reason_of<A>(end); }
    /// The line of the return, or of the instruction that stopped the evaluation.
    int line() const { return line_of<A>(end); }
};

struct translator_options {
    /// Stop before evaluating the instruction with this number (counting from 1, as
    /// `translation::evaluated` does) and keep the state there.
    std::optional<std::size_t> stop_before;
    /// Where comptime's printing shortcuts write; nullptr silences them.
    std::ostream* comptime_output = &std::cerr;
    /// The code's record of dynamic dimensions (lasso/symbolic/dynamic_dims.hpp), which
    /// the translation updates; nullptr: every dimension is static.
    symbolic::dynamic_dims* dynamic_record = nullptr;
    symbolic::dynamic_shapes dynamic_mode = symbolic::dynamic_shapes::automatic;
    /// The identities of codes disabled for capture (`runtime::disable`): a call of
    /// one is a graph break, never inlined. nullptr: none.
    const std::unordered_set<std::uintptr_t>* disabled_codes = nullptr;
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
