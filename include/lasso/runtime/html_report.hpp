// lasso/runtime/html_report.hpp
//
// The explain report as one self-contained HTML page (`html_report`, or
// `write_html_report` for DIR/index.html): totals at the top, then per captured
// function (resume functions are functions of their own) its source lines with the
// lines where graphs broke or the frame ran eagerly marked, each compiled graph drawn
// (SVG, when the caller can turn DOT into SVG, e.g. with Graphviz) and listed, the
// guards of each cache entry, the graph breaks and eager runs with their reasons, the
// recompile reasons (each reason with its registry id, explained at the end of the
// page), and the bytecode lasso generated (with
// `runtime_options::keep_bytecode`). The page is well-formed XML as well as HTML, so an
// XML parser can check it, and it needs nothing outside itself: no script, no style
// sheet, no image files.
#pragma once

#include <lasso/reasons.hpp>
#include <lasso/runtime/explain.hpp>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso {

struct html_report_options {
    std::string title = "lasso report";
    /// Turns a graph's DOT text into an SVG document (for example by running Graphviz
    /// `dot -Tsvg`); nothing, or no function: the graph is shown as its listing only.
    std::function<std::optional<std::string>(const std::string& dot)> dot_to_svg;
    /// The lines of a source file (first line first); by default the file is read from
    /// disk, and a file that cannot be read shows no source.
    std::function<std::vector<std::string>(const std::string& filename)> source_lines;
    /// The adapter's own entries of the registry of reasons (its `reasons`), so that
    /// their ids are explained too.
    std::span<const reason_entry> adapter_reasons;
};

namespace detail {
inline std::string html_escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default:
            // Control characters other than tab and newline are not allowed in XML.
            if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += "&#xFFFD;";
            else out += c;
        }
    }
    return out;
}

inline std::vector<std::string> lines_of_file(const std::string& filename) {
    std::vector<std::string> lines;
    std::ifstream in(filename, std::ios::binary);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
    }
    return lines;
}

/// An SVG document as an element to embed: from its `<svg` on (Graphviz writes an XML
/// prolog and a doctype first); nothing when there is no `<svg` element.
inline std::optional<std::string> embeddable_svg(const std::string& document) {
    const auto start = document.find("<svg");
    const auto end = document.rfind("</svg>");
    if (start == std::string::npos || end == std::string::npos || end < start) return std::nullopt;
    return document.substr(start, end + 6 - start);
}

inline std::string plural(std::size_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

inline std::string comma_list(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out;
}

inline std::string frame_anchor(std::size_t i) { return "function-" + std::to_string(i); }

/// The last line of the function that starts at `first_line` (1-based): for
/// Python-like sources, the end of the block of the first `def` within a few lines (its
/// body being the lines indented deeper); otherwise 40 lines on.
inline int function_end(const std::vector<std::string>& file, int first_line) {
    const int size = static_cast<int>(file.size());
    auto indent = [&](int line) { return file[line - 1].find_first_not_of(" \t"); };
    for (int def = first_line; def <= std::min(size, first_line + 5); ++def) {
        const std::string& text = file[def - 1];
        const auto at = indent(def);
        if (at == std::string::npos || text.compare(at, 4, "def ") != 0) continue;
        int last = def;
        for (int line = def + 1; line <= size; ++line) {
            const auto in = indent(line);
            if (in == std::string::npos || file[line - 1][in] == '#') continue; // blank or comment
            if (in <= at) break;
            last = line;
        }
        return last;
    }
    return std::min(size, first_line + 39);
}

/// The function's source lines, with the lines of `marks` highlighted; a marked line
/// outside the function (in an inlined call) is shown after it, apart.
inline std::string source_listing(const std::vector<std::string>& file, int first_line,
                                  const std::vector<std::pair<int, std::string>>& marks) {
    const int size = static_cast<int>(file.size());
    if (first_line < 1 || first_line > size) return {};
    std::vector<int> lines;
    for (int line = first_line, last = function_end(file, first_line); line <= last; ++line) lines.push_back(line);
    for (const auto& m : marks)
        if (m.first >= 1 && m.first <= size && std::find(lines.begin(), lines.end(), m.first) == lines.end())
            lines.push_back(m.first);
    std::string out = "<pre class=\"source\">";
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int line = lines[i];
        if (i > 0 && line != lines[i - 1] + 1) out += "  ...\n";
        std::string note;
        for (const auto& m : marks)
            if (m.first == line && note.find(m.second) == std::string::npos) // each reason once
                note += (note.empty() ? "" : "; ") + m.second;
        const std::string number = std::to_string(line);
        const std::string text = std::string(5 - std::min<std::size_t>(5, number.size()), ' ') + number + "  " +
                                 file[static_cast<std::size_t>(line - 1)];
        if (note.empty()) {
            out += html_escaped(text) + "\n";
        } else {
            out += "<span class=\"marked\" title=\"" + html_escaped(note) + "\">" + html_escaped(text) +
                   "</span>   <span class=\"note\">&#8592; " + html_escaped(note) + "</span>\n";
        }
    }
    out += "</pre>\n";
    return out;
}

/// A reason with its registry id, linked to the id's explanation at the end of the page.
inline std::string reason_html(const std::string& id, const std::string& reason, const std::string& hint) {
    std::string out;
    if (!id.empty()) out += "<a class=\"id\" href=\"#" + html_escaped(id) + "\">" + html_escaped(id) + "</a> ";
    out += html_escaped(reason);
    if (!hint.empty()) out += " <span class=\"hint\">(" + html_escaped(hint) + ")</span>";
    return out;
}

inline std::string listing(std::string_view text) { return "<pre>" + html_escaped(text) + "</pre>\n"; }

inline std::string frame_section(const frame_record& f, std::size_t index, const html_report_options& options) {
    std::string out = "<section id=\"" + frame_anchor(index) + "\">\n<h2>" + html_escaped(f.function) +
                      " <span class=\"where\">" + html_escaped(f.filename) + ":" + std::to_string(f.first_line) +
                      "</span></h2>\n";
    out += "<p>" + plural(f.calls, "call", "calls") + ", " + plural(f.cache_hits, "cache hit", "cache hits") + ", " +
           plural(f.translations, "translation", "translations") + " (" + plural(f.recompiles(), "recompile", "recompiles") +
           "), " + plural(f.cache_entries, "cache entry", "cache entries") + ", " +
           plural(f.graphs.size(), "graph", "graphs") + (f.cache_limit_hit ? "; the cache limit was hit" : "") +
           (f.ran_eagerly_nested > 0
                ? "; " + plural(f.ran_eagerly_nested, "call", "calls") + " ran eagerly, nested too deep in captured frames"
                : "") +
           "</p>\n";

    std::vector<std::pair<int, std::string>> marks;
    for (const auto& b : f.breaks)
        if (b.line >= 0) marks.emplace_back(b.line, "graph break: " + b.reason);
    for (const auto& u : f.unsupported)
        if (u.line >= 0) marks.emplace_back(u.line, "ran eagerly: " + u.reason);
    const std::vector<std::string> file =
        options.source_lines ? options.source_lines(f.filename) : lines_of_file(f.filename);
    if (const std::string source = source_listing(file, f.first_line, marks); !source.empty())
        out += "<h3>Source</h3>\n" + source;

    if (!f.breaks.empty() || !f.unsupported.empty()) {
        out += "<h3>Graph breaks and eager runs</h3>\n<ul class=\"reasons\">\n";
        for (const auto& b : f.breaks)
            out += "<li class=\"break\">graph break" + (b.line >= 0 ? " at line " + std::to_string(b.line) : "") + ": " +
                   reason_html(b.id, b.reason, b.hint) + "</li>\n";
        for (const auto& u : f.unsupported)
            out += "<li class=\"eager\">ran eagerly" + (u.line >= 0 ? " (line " + std::to_string(u.line) + ")" : "") + ": " +
                   reason_html(u.id, u.reason, u.hint) + "</li>\n";
        out += "</ul>\n";
    }
    if (!f.recompile_reasons.empty()) {
        out += "<h3>Recompiles</h3>\n<ol class=\"recompiles\">\n";
        for (std::size_t r = 0; r < f.recompile_reasons.size(); ++r)
            out += "<li>" +
                   reason_html(r < f.recompile_ids.size() ? f.recompile_ids[r] : std::string(), f.recompile_reasons[r], "") +
                   "</li>\n";
        out += "</ol>\n";
    }
    for (std::size_t g = 0; g < f.graphs.size(); ++g) {
        const graph_record& graph = f.graphs[g];
        out += "<h3>Graph " + std::to_string(g) + " <span class=\"where\">" + plural(graph.ops, "op", "ops") +
               (graph.subgraph_ops ? ", " + plural(graph.subgraph_ops, "op", "ops") + " in subgraphs" : "") + ", " +
               plural(graph.inputs, "input", "inputs") + ", " + plural(graph.outputs, "output", "outputs") +
               "</span></h3>\n";
        std::optional<std::string> svg;
        if (options.dot_to_svg && !graph.dot.empty())
            if (auto document = options.dot_to_svg(graph.dot)) svg = embeddable_svg(*document);
        if (svg) out += "<div class=\"picture\">" + *svg + "</div>\n";
        out += listing(graph.readable);
    }
    for (std::size_t e = 0; e < f.entry_guards.size(); ++e)
        out += "<h3>Guards of cache entry " + std::to_string(e) + "</h3>\n" + listing(f.entry_guards[e]);
    for (std::size_t c = 0; c < f.generated_code.size(); ++c)
        out += "<details><summary>Generated code " + std::to_string(c) + "</summary>\n" + listing(f.generated_code[c]) +
               "</details>\n";
    for (std::size_t c = 0; c < f.resume_code.size(); ++c)
        out += "<details><summary>Resume function " + std::to_string(c) + " made from this code</summary>\n" +
               listing(f.resume_code[c]) + "</details>\n";
    out += "</section>\n";
    return out;
}
/// The registry's entries of the ids the report names, each under an anchor of its id.
inline std::string reasons_section(const explain_report& report, const html_report_options& options) {
    std::vector<std::string> ids;
    auto add = [&ids](const std::string& id) {
        if (!id.empty() && std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    };
    for (const auto& f : report.frames) {
        for (const auto& b : f.breaks) add(b.id);
        for (const auto& u : f.unsupported) add(u.id);
        for (const auto& r : f.recompile_ids) add(r);
    }
    std::sort(ids.begin(), ids.end());
    std::string out;
    for (const auto& id : ids) {
        const reason_entry* e = find_reason_by_id(id, options.adapter_reasons);
        if (!e) continue;
        out += "<div class=\"reason\" id=\"" + html_escaped(id) + "\">\n<h3>" + html_escaped(id) + " " +
               html_escaped(e->type) + " <span class=\"where\">" + html_escaped(category_name(e->category)) +
               "</span></h3>\n<p>" + html_escaped(e->explanation) + "</p>\n<p>What to do: " + html_escaped(e->hint) +
               (e->more_hints.empty() ? std::string() : " " + html_escaped(e->more_hints)) + "</p>\n</div>\n";
    }
    if (out.empty()) return out;
    return "<section id=\"reasons\">\n<h2>The reasons named above</h2>\n" + out + "</section>\n";
}
} // namespace detail

/// The report as one HTML page.
inline std::string html_report(const explain_report& report, const html_report_options& options = {}) {
    const explain_totals t = report.totals();
    std::string out =
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
        "<meta charset=\"utf-8\"/>\n<title>" +
        detail::html_escaped(options.title) +
        "</title>\n<style>\n"
        "body { font-family: sans-serif; margin: 2em; max-width: 80em; }\n"
        "pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; }\n"
        ".where { color: #666; font-weight: normal; font-size: 0.8em; }\n"
        ".marked { background: #ffe08a; }\n"
        ".note { color: #a33; }\n"
        ".hint { color: #555; }\n"
        ".totals { font-size: 1.1em; }\n"
        ".picture svg { max-width: 100%; height: auto; }\n"
        "section { border-top: 1px solid #ccc; margin-top: 2em; }\n"
        "</style>\n</head>\n<body>\n<h1>" +
        detail::html_escaped(options.title) + "</h1>\n";
    out += "<p class=\"totals\">" + detail::plural(report.frames.size(), "captured function", "captured functions") + ", " +
           detail::plural(t.graphs, "graph", "graphs") + ", " + detail::plural(t.ops, "op", "ops") +
           (t.subgraph_ops ? " (and " + std::to_string(t.subgraph_ops) + " in subgraphs)" : "") + ", " +
           detail::plural(t.graph_breaks, "graph break", "graph breaks") + ", " +
           detail::plural(t.recompiles, "recompile", "recompiles") + "</p>\n";
    out += "<p>Adapter features: " +
           detail::html_escaped(report.features.empty() ? std::string("none") : detail::comma_list(report.features)) +
           "</p>\n";
    if (!report.frames.empty()) {
        out += "<ul class=\"contents\">\n";
        for (std::size_t i = 0; i < report.frames.size(); ++i) {
            const auto& f = report.frames[i];
            out += "<li><a href=\"#" + detail::frame_anchor(i) + "\">" + detail::html_escaped(f.function) + "</a> " +
                   detail::plural(f.graphs.size(), "graph", "graphs") + ", " +
                   detail::plural(f.breaks.size() + f.unsupported.size(), "break", "breaks") + ", " +
                   detail::plural(f.recompiles(), "recompile", "recompiles") + "</li>\n";
        }
        out += "</ul>\n";
    }
    for (std::size_t i = 0; i < report.frames.size(); ++i) out += detail::frame_section(report.frames[i], i, options);
    out += detail::reasons_section(report, options);
    out += "</body>\n</html>\n";
    return out;
}

/// Writes the report to `dir`/index.html, making `dir` if needed; returns the file's
/// path. Throws std::runtime_error when the directory or the file cannot be written.
inline std::filesystem::path write_html_report(const explain_report& report, const std::filesystem::path& dir,
                                               const html_report_options& options = {}) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw std::runtime_error("cannot create directory '" + dir.string() + "': " + ec.message());
    const std::filesystem::path file = dir / "index.html";
    std::ofstream out(file, std::ios::binary);
    if (out) out << html_report(report, options);
    if (!out) throw std::runtime_error("cannot write '" + file.string() + "'");
    return file;
}

} // namespace lasso
