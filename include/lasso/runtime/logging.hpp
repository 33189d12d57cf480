// lasso/runtime/logging.hpp
//
// Log artifacts, selectable at run time (as TORCH_LOGS selects Dynamo's): `graph` (each
// compiled graph, printed with shapes), `guards` (the guards of each new cache entry),
// `bytecode` (each generated code, disassembled), `breaks` (why a frame was not
// captured, with its line), `recompiles` (which guard failed when a code is translated
// again). `parse_log_artifacts("graph,guards")` gives the set; an unknown name is an
// error that lists the known ones.
#pragma once

#include <cstdint>
#include <iostream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace lasso {

enum class log_artifact : std::uint8_t {
    graph = 1,
    guards = 2,
    bytecode = 4,
    breaks = 8,
    recompiles = 16,
};

/// A set of log artifacts.
struct log_artifacts {
    std::uint8_t bits = 0;
    constexpr bool has(log_artifact a) const noexcept { return (bits & static_cast<std::uint8_t>(a)) != 0; }
    constexpr void add(log_artifact a) noexcept { bits = static_cast<std::uint8_t>(bits | static_cast<std::uint8_t>(a)); }
    constexpr bool empty() const noexcept { return bits == 0; }
};

/// Parses a comma-separated list of artifact names ("graph,guards"); "all" selects
/// every artifact. Throws std::invalid_argument naming an unknown artifact.
inline log_artifacts parse_log_artifacts(std::string_view list) {
    log_artifacts out;
    while (!list.empty()) {
        const auto comma = list.find(',');
        std::string_view name = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
        while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
        if (name.empty()) continue;
        if (name == "graph") out.add(log_artifact::graph);
        else if (name == "guards") out.add(log_artifact::guards);
        else if (name == "bytecode") out.add(log_artifact::bytecode);
        else if (name == "breaks") out.add(log_artifact::breaks);
        else if (name == "recompiles") out.add(log_artifact::recompiles);
        else if (name == "all") out.bits = 31;
        else
            throw std::invalid_argument("unknown log artifact '" + std::string(name) +
                                        "' (known: graph, guards, bytecode, breaks, recompiles, all)");
    }
    return out;
}

/// Where logs go and which artifacts are on.
struct log_settings {
    log_artifacts artifacts;
    std::ostream* stream = &std::cerr;

    bool on(log_artifact a) const noexcept { return stream && artifacts.has(a); }
    /// Writes one record: a header line `[lasso:<artifact>] <title>` and the body.
    void write(std::string_view artifact, std::string_view title, std::string_view body = {}) const {
        if (!stream) return;
        *stream << "[lasso:" << artifact << "] " << title << '\n' << body;
        if (!body.empty() && body.back() != '\n') *stream << '\n';
        stream->flush();
    }
};

} // namespace lasso
