// lasso/runtime/explain.hpp
//
// What capture did, per code object: the graphs it compiled (printed with shapes), the
// guards of each cache entry, why frames were not captured (reason and source line),
// cache entries and recompiles with their reasons; and, in its header, the optional
// features the adapter declares (lasso/adapter/features.hpp), which say what capture
// could do. `explain_report::text()` is the human report, `json()` the same as JSON for
// tools and tests:
//
//   {"features": ["inlining", ...],
//    "frames": [{"function", "filename", "first_line", "calls", "cache_hits",
//                "graphs": [{"ops", "subgraph_ops", "inputs", "outputs", "readable"}],
//                "unsupported": [{"id", "reason", "line", "hint"}],
//                "breaks": [{"id", "reason", "line", "hint"}],
//                "cache_entries", "entry_guards": [...], "recompiles",
//                "recompile_reasons": [...], "recompile_ids": [...], "limit_ids": [...],
//                "cache_limit_hit", "ran_eagerly_nested"}],
//    "totals": {"graphs", "graph_breaks", "ops", "subgraph_ops", "recompiles", "frames_captured"}}
//
// Ids: every reason carries the id of its entry in the registry (lasso/reasons.hpp,
// docs/graph-breaks.md) and the entry's one-line hint. `unsupported` lists the
// translations that ran the frame eagerly; `recompile_ids[i]` is the kind of
// `recompile_reasons[i]`; `limit_ids` names the limits the code reached (cache size,
// nested frames).
//
// Counting: `graphs` are compiled graphs (a translation whose graph has no operation
// compiles none); `ops` the call_function/call_method nodes in them (`subgraph_ops`
// those in the subgraphs of higher-order operators, nested ones included); `graph_breaks`
// the translations stopped by something unsupported, both those that ran the frame
// eagerly (`unsupported`) and the graph breaks that compiled the graph so far and go
// on in a resume function (`breaks`); `recompiles` the translations of a code after
// its first; `frames_captured` the translations that produced code (graph breaks
// included).
#pragma once

#include <lasso/constant.hpp>
#include <lasso/reasons.hpp>
#include <lasso/symbolic/dynamic_dims.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace lasso {

struct graph_record {
    std::size_t ops = 0;
    std::size_t subgraph_ops = 0; ///< in the subgraphs of its higher-order operators
    std::size_t inputs = 0;
    std::size_t outputs = 0;
    std::string readable; ///< print_readable of the compiled graph
    std::string dot;      ///< Graphviz DOT of the compiled graph
};

/// A reason with where it was met. While capture runs, `reason` is tagged with its id
/// in front ("LB0001 call of print()"); the runtime splits it (`identify`) before the
/// record is kept, leaving `id`, the entry's one-line `hint` and the bare message.
struct unsupported_record {
    std::string reason;
    int line = -1;
    std::string id = {};   ///< the registry id (lasso/reasons.hpp); "" when there is none
    std::string hint = {}; ///< the entry's one-line hint
};

/// `r` with its id and hint split off its tagged reason; ids are looked up in the
/// library's table and `extra` (an adapter's).
inline unsupported_record identify(unsupported_record r, std::span<const reason_entry> extra = {}) {
    const untagged u = untag(r.reason);
    if (u.id.empty()) return r;
    r.id = std::string(u.id);
    if (const reason_entry* e = find_reason_by_id(u.id, extra)) r.hint = std::string(e->hint);
    r.reason = std::string(u.text);
    return r;
}

/// The reason table adapter `A` declares (`static constexpr std::span<const
/// lasso::reason_entry> reasons`), or none.
template <class A> constexpr std::span<const reason_entry> reasons_of() {
    if constexpr (requires { std::span<const reason_entry>(A::reasons); }) return std::span<const reason_entry>(A::reasons);
    else return {};
}

/// The text of a kept record for reports: id, message, line, and the hint on the next
/// line (indented by `hint_indent`).
inline std::string describe_record(const unsupported_record& r, const std::string& hint_indent = "   ") {
    std::string out = (r.id.empty() ? std::string() : r.id + " ") + r.reason +
                      (r.line >= 0 ? " (line " + std::to_string(r.line) + ")" : "");
    if (!r.hint.empty()) out += "\n" + hint_indent + "hint: " + r.hint;
    return out;
}

struct frame_record {
    // The counters every call updates come first: the runtime keeps this record right
    // after a code's entry list, so a hit finds both together.
    std::size_t calls = 0;
    std::size_t cache_hits = 0;
    std::string function;
    std::string filename;
    int first_line = -1;
    std::size_t translations = 0;
    std::size_t frames_captured = 0;
    std::size_t cache_entries = 0;
    bool cache_limit_hit = false;
    /// Calls run eagerly because captured frames were already running
    /// `runtime_options::max_nested_frames` deep.
    std::size_t ran_eagerly_nested = 0;
    std::vector<graph_record> graphs;
    std::vector<unsupported_record> unsupported; ///< translations that ran the frame eagerly
    /// Graph breaks: translations that compiled the graph up to an unsupported
    /// instruction and continue in a resume function.
    std::vector<unsupported_record> breaks;
    std::vector<std::string> recompile_reasons;
    std::vector<std::string> recompile_ids; ///< the registry id of each recompile reason's kind
    std::vector<std::string> entry_guards;  ///< per cache entry: its guards, one per line
    /// With `runtime_options::keep_bytecode`: the disassembly of the code each
    /// translation generated, and of each resume code made from this code.
    std::vector<std::string> generated_code;
    std::vector<std::string> resume_code;
    /// The dimensions of the code's tensor inputs that automatic dynamic shapes learned
    /// (lasso/symbolic/dynamic_dims.hpp).
    symbolic::dynamic_dims dynamic_dims;

    std::size_t recompiles() const noexcept { return translations > 0 ? translations - 1 : 0; }
};

/// A new record of code `c` (read by adapter `A`): the function's name and where it is.
template <class A> frame_record new_frame_record(const typename A::code& c) {
    const auto fields = A::read_code(c);
    frame_record info;
    info.function = fields.name;
    info.filename = fields.filename;
    info.first_line = fields.first_line;
    return info;
}

struct explain_totals {
    std::size_t graphs = 0;
    std::size_t graph_breaks = 0;
    std::size_t ops = 0;
    std::size_t subgraph_ops = 0;
    std::size_t recompiles = 0;
    std::size_t frames_captured = 0;
};

struct explain_report {
    /// The adapter's features, by name ("inlining", "graph_breaks", ...).
    std::vector<std::string> features;
    std::vector<frame_record> frames;

    explain_totals totals() const {
        explain_totals t;
        for (const auto& f : frames) {
            t.graphs += f.graphs.size();
            for (const auto& g : f.graphs) {
                t.ops += g.ops;
                t.subgraph_ops += g.subgraph_ops;
            }
            t.graph_breaks += f.unsupported.size() + f.breaks.size();
            t.recompiles += f.recompiles();
            t.frames_captured += f.frames_captured;
        }
        return t;
    }

    /// The human report.
    std::string text() const {
        const explain_totals t = totals();
        std::string out = "lasso explain: " + std::to_string(frames.size()) + " captured function" +
                          (frames.size() == 1 ? "" : "s") + ", " + std::to_string(t.graphs) + " graph" +
                          (t.graphs == 1 ? "" : "s") + ", " + std::to_string(t.ops) + " op" + (t.ops == 1 ? "" : "s") +
                          ", " + std::to_string(t.graph_breaks) + " graph break" + (t.graph_breaks == 1 ? "" : "s") + ", " +
                          std::to_string(t.recompiles) + " recompile" + (t.recompiles == 1 ? "" : "s") + "\n";
        out += "adapter features: " + (features.empty() ? std::string("none") : join(features)) + "\n";
        for (const auto& f : frames) {
            out += "\n== " + f.function + " (" + f.filename + ":" + std::to_string(f.first_line) +
                   "): " + std::to_string(f.calls) + " call" + (f.calls == 1 ? "" : "s") + ", " +
                   std::to_string(f.cache_hits) + " cache hit" + (f.cache_hits == 1 ? "" : "s") + ", " +
                   std::to_string(f.cache_entries) + " cache entr" + (f.cache_entries == 1 ? "y" : "ies") + "\n";
            for (std::size_t i = 0; i < f.graphs.size(); ++i) {
                const auto& g = f.graphs[i];
                out += "-- graph " + std::to_string(i) + ": " + std::to_string(g.ops) + " ops, " +
                       (g.subgraph_ops ? std::to_string(g.subgraph_ops) + " ops in subgraphs, " : std::string()) +
                       std::to_string(g.inputs) + " inputs, " + std::to_string(g.outputs) + " outputs\n";
                out += indent(g.readable);
            }
            for (std::size_t i = 0; i < f.entry_guards.size(); ++i) {
                out += "-- guards of cache entry " + std::to_string(i) + ":\n";
                out += indent(f.entry_guards[i]);
            }
            for (const auto& b : f.breaks) out += "-- graph break: " + describe_record(b) + "\n";
            for (const auto& u : f.unsupported) out += "-- not captured: " + describe_record(u) + "\n";
            for (std::size_t i = 0; i < f.recompile_reasons.size(); ++i)
                out += "-- recompiled: " + (i < f.recompile_ids.size() ? f.recompile_ids[i] + " " : std::string()) +
                       f.recompile_reasons[i] + "\n";
            if (f.cache_limit_hit)
                out += "-- " + std::string(reasons::cache_limit.id()) +
                       " cache size limit reached: later calls with new guards ran eagerly\n   hint: " +
                       std::string(reasons::cache_limit.hint()) + "\n";
            if (f.ran_eagerly_nested)
                out += "-- " + std::string(reasons::nested_frames.id()) + " " + std::to_string(f.ran_eagerly_nested) +
                       (f.ran_eagerly_nested == 1 ? " call" : " calls") +
                       " ran eagerly: captured frames were running too deep inside each other (a graph break in a "
                       "loop or a recursion)\n   hint: " +
                       std::string(reasons::nested_frames.hint()) + "\n";
        }
        return out;
    }

    /// The report as JSON.
    std::string json() const {
        std::string out = "{\"features\": [";
        for (std::size_t i = 0; i < features.size(); ++i) out += (i ? ", " : "") + quote(features[i]);
        out += "], \"frames\": [";
        for (std::size_t i = 0; i < frames.size(); ++i) {
            const auto& f = frames[i];
            if (i) out += ", ";
            out += "{\"function\": " + quote(f.function) + ", \"filename\": " + quote(f.filename) +
                   ", \"first_line\": " + std::to_string(f.first_line) + ", \"calls\": " + std::to_string(f.calls) +
                   ", \"cache_hits\": " + std::to_string(f.cache_hits) + ", \"graphs\": [";
            for (std::size_t j = 0; j < f.graphs.size(); ++j) {
                const auto& g = f.graphs[j];
                if (j) out += ", ";
                out += "{\"ops\": " + std::to_string(g.ops) + ", \"subgraph_ops\": " + std::to_string(g.subgraph_ops) +
                       ", \"inputs\": " + std::to_string(g.inputs) + ", \"outputs\": " + std::to_string(g.outputs) +
                       ", \"readable\": " + quote(g.readable) + "}";
            }
            out += "], \"unsupported\": [";
            for (std::size_t j = 0; j < f.unsupported.size(); ++j) {
                if (j) out += ", ";
                out += record_json(f.unsupported[j]);
            }
            out += "], \"breaks\": [";
            for (std::size_t j = 0; j < f.breaks.size(); ++j) {
                if (j) out += ", ";
                out += record_json(f.breaks[j]);
            }
            out += "], \"cache_entries\": " + std::to_string(f.cache_entries) + ", \"entry_guards\": [";
            for (std::size_t j = 0; j < f.entry_guards.size(); ++j) out += (j ? ", " : "") + quote(f.entry_guards[j]);
            out += "], \"recompiles\": " + std::to_string(f.recompiles()) + ", \"recompile_reasons\": [";
            for (std::size_t j = 0; j < f.recompile_reasons.size(); ++j) {
                if (j) out += ", ";
                out += quote(f.recompile_reasons[j]);
            }
            out += "], \"recompile_ids\": [";
            for (std::size_t j = 0; j < f.recompile_ids.size(); ++j) out += (j ? ", " : "") + quote(f.recompile_ids[j]);
            out += "], \"limit_ids\": [";
            if (f.cache_limit_hit) out += quote(std::string(reasons::cache_limit.id()));
            if (f.ran_eagerly_nested)
                out += (f.cache_limit_hit ? ", " : "") + quote(std::string(reasons::nested_frames.id()));
            out += "], \"cache_limit_hit\": " + std::string(f.cache_limit_hit ? "true" : "false") +
                   ", \"ran_eagerly_nested\": " + std::to_string(f.ran_eagerly_nested) + "}";
        }
        const explain_totals t = totals();
        out += "], \"totals\": {\"graphs\": " + std::to_string(t.graphs) +
               ", \"graph_breaks\": " + std::to_string(t.graph_breaks) + ", \"ops\": " + std::to_string(t.ops) +
               ", \"subgraph_ops\": " + std::to_string(t.subgraph_ops) +
               ", \"recompiles\": " + std::to_string(t.recompiles) +
               ", \"frames_captured\": " + std::to_string(t.frames_captured) + "}}\n";
        return out;
    }

private:
    static std::string record_json(const unsupported_record& r) {
        return "{\"id\": " + quote(r.id) + ", \"reason\": " + quote(r.reason) + ", \"line\": " + std::to_string(r.line) +
               ", \"hint\": " + quote(r.hint) + "}";
    }
    static std::string join(const std::vector<std::string>& items) {
        std::string out;
        for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
        return out;
    }
    static std::string indent(const std::string& text) {
        std::string out;
        bool at_start = true;
        for (char c : text) {
            if (at_start) out += "    ";
            out += c;
            at_start = c == '\n';
        }
        if (!out.empty() && out.back() != '\n') out += '\n';
        return out;
    }
    // JSON string: escapes quotes, backslashes and control characters.
    static std::string quote(const std::string& s) {
        std::string out = "\"";
        for (unsigned char c : s) {
            if (c == '"' || c == '\\') {
                out += '\\';
                out += static_cast<char>(c);
            } else if (c < 0x20) {
                const char* hex = "0123456789abcdef";
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 15];
            } else {
                out += static_cast<char>(c);
            }
        }
        return out + "\"";
    }
};

} // namespace lasso
