// lasso/runtime/settings.hpp
//
// What a runtime is set up with: its options (cache size limit, logs, where warnings
// and comptime output go), the backends it compiles graphs with, and the per-function
// settings a frame is evaluated under (backend name, fullgraph), with the error
// `fullgraph` raises.
#pragma once

#include <lasso/graph.hpp>
#include <lasso/runtime/backends.hpp>
#include <lasso/runtime/logging.hpp>
#include <lasso/symbolic/dynamic_dims.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iostream>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string_view>

namespace lasso {

/// A backend for adapter `A`: compiles a graph into a callable.
template <class A>
using backend_function = std::function<compiled_graph<typename A::value>(const lasso::graph::graph<typename A::tensor_meta>&,
                                                                         std::span<const typename A::value>)>;

/// What the runtime does with the frames it is given (`runtime::set_stance`), named as
/// Dynamo's stances are:
///   * `standard` ("default"): capture, translating again on a miss;
///   * `force_eager`: run every frame eagerly, capturing nothing;
///   * `eager_on_recompile`: a frame that would be translated again runs eagerly (its
///     entries still serve the calls they match; a first translation still happens);
///   * `fail_on_recompile`: such a frame throws `capture_error` naming the guard that
///     failed.
enum class stance : std::uint8_t { standard, force_eager, eager_on_recompile, fail_on_recompile };

/// A stance's name ("default", "force_eager", ...).
constexpr std::string_view stance_name(stance s) noexcept {
    switch (s) {
    case stance::standard: return "default";
    case stance::force_eager: return "force_eager";
    case stance::eager_on_recompile: return "eager_on_recompile";
    case stance::fail_on_recompile: return "fail_on_recompile";
    }
    return "default";
}

/// The stance named `name`; nothing for a name that is none.
constexpr std::optional<stance> parse_stance(std::string_view name) noexcept {
    for (stance s : {stance::standard, stance::force_eager, stance::eager_on_recompile, stance::fail_on_recompile})
        if (stance_name(s) == name) return s;
    return std::nullopt;
}

struct runtime_options {
    /// Translations kept per code; past it, frames whose guards match no entry run
    /// eagerly (Dynamo's cache_size_limit).
    std::size_t cache_size_limit = 8;
    /// Recompiles across all codes (Dynamo's accumulated limit); past it, a frame that
    /// would be translated again runs eagerly, with one warning.
    std::size_t recompile_limit = 256;
    /// How deep captured frames may run inside each other. A graph break's generated
    /// code calls the frame's resume function, which may break again and call the next
    /// one: a loop with a graph break in its body nests one captured frame per
    /// iteration. A frame entered this deep runs eagerly (the rest of the loop then runs
    /// in the interpreter), so that no loop runs the interpreter out of stack.
    std::size_t max_nested_frames = 256;
    /// With an adapter that declares `feature::native_break_code`: run the straight-line
    /// code at graph breaks in lasso, and enter resume functions' cache entries from it
    /// (runtime/break_program.hpp). False runs that code in the interpreter, as for an
    /// adapter without the feature; what it computes is the same either way.
    bool native_break_code = true;
    log_settings logs;
    /// Keep the disassembly of the code each translation generates, and of each resume
    /// code, in the report (`frame_record::generated_code`, `resume_code`), for reports
    /// that show it (lasso/runtime/html_report.hpp).
    bool keep_bytecode = false;
    /// Where warnings go (the cache limit); nullptr silences them.
    std::ostream* warnings = &std::cerr;
    /// Where the translator's comptime shortcuts print (`comptime.print_graph()`, ...);
    /// nullptr silences them. A callback's own context prints where the adapter says.
    std::ostream* comptime_output = &std::cerr;
};

/// Per-function capture settings (a decorator's arguments, say).
struct frame_settings {
    std::string_view backend; ///< a registered backend's name; empty: "eager"
    bool fullgraph = false;   ///< unsupported constructs throw `capture_error` instead of running eagerly
    /// Which tensor dimensions may be symbols (adapters with `feature::symbolic_shapes`):
    /// those that changed between translations (the default), all (`dynamic=True`), none.
    symbolic::dynamic_shapes dynamic = symbolic::dynamic_shapes::automatic;
};

/// Thrown by `eval_frame` when a `fullgraph` frame cannot be captured, or when a frame
/// names a backend that is not registered.
class capture_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace lasso
