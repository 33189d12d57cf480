// lasso/graph/dot.hpp
//
// A graph as Graphviz DOT text (`dot -Tsvg graph.dot`): one vertex per node, labelled
// with its name, what it computes (the same expression `print_readable` shows) and its
// metadata; one edge from each node to each distinct node using it. Placeholders are
// ellipses, the output is a double octagon, get_attr a note, calls are boxes (methods
// rounded). Vertex ids are node names, which are unique identifiers.
#pragma once

#include <lasso/graph/graph.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/graph/print.hpp>

#include <string>
#include <string_view>

namespace lasso::graph {

namespace detail {

/// `text` for the inside of a DOT double-quoted string: quotes and backslashes are
/// escaped, a newline becomes DOT's `\n` line break, and other control characters
/// become spaces (DOT gives some backslash letters a layout meaning of their own).
inline void append_dot_escaped(std::string& out, std::string_view text) {
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            out += ' ';
        } else {
            out += c;
        }
    }
}

inline void append_dot_string(std::string& out, std::string_view text) {
    out += '"';
    append_dot_escaped(out, text);
    out += '"';
}

inline std::string_view dot_shape(node_kind kind) noexcept {
    switch (kind) {
    case node_kind::placeholder: return "shape=ellipse";
    case node_kind::call_function: return "shape=box";
    case node_kind::call_method: return "shape=box, style=rounded";
    case node_kind::get_attr: return "shape=note";
    case node_kind::output: return "shape=doubleoctagon";
    }
    return "shape=box";
}

} // namespace detail

namespace detail {
/// The quoted DOT id `prefix` + `name`, without a temporary string.
inline void append_dot_id(std::string& out, std::string_view prefix, std::string_view name) {
    out += '"';
    append_dot_escaped(out, prefix);
    append_dot_escaped(out, name);
    out += '"';
}

/// The nodes and edges of `g`, their DOT ids prefixed by `prefix` (empty at the top,
/// "<owner>.<k>." inside the k-th subgraph of node owner), each line after `indent`.
/// A node's subgraphs are clusters, with an edge from each subgraph's output to it.
template <class Meta>
void append_dot_body(std::string& out, const graph<Meta>& g, const std::string& prefix, const std::string& indent) {
    for (const node n : g.nodes()) {
        out += indent;
        append_dot_id(out, prefix, g.name(n));
        out += " [";
        out += dot_shape(g.kind(n));
        out += ", label=\"";
        append_dot_escaped(out, g.name(n));
        out += "\\n";
        append_dot_escaped(out, format_expression(g, n));
        if (g.meta(n)) {
            out += "\\n";
            append_dot_escaped(out, format_meta(g, n));
        }
        out += "\"];\n";
        const auto subgraphs = g.subgraphs(n);
        for (std::size_t k = 0; k < subgraphs.size(); ++k) {
            const std::string inner = prefix + std::string(g.name(n)) + "." + std::to_string(k) + ".";
            out += indent;
            out += "subgraph ";
            append_dot_string(out, "cluster_" + inner);
            out += " {\n";
            out += indent + "    label=";
            append_dot_string(out, std::string(g.name(n)) + " subgraph " + std::to_string(k));
            out += ";\n";
            append_dot_body(out, subgraphs[k], inner, indent + "    ");
            out += indent + "}\n";
            if (auto result = subgraphs[k].output()) {
                out += indent;
                append_dot_id(out, inner, subgraphs[k].name(*result));
                out += " -> ";
                append_dot_id(out, prefix, g.name(n));
                out += " [style=dashed];\n";
            }
        }
    }
    for (const node n : g.nodes()) {
        for (const node input : g.inputs(n)) {
            out += indent;
            append_dot_id(out, prefix, g.name(input));
            out += " -> ";
            append_dot_id(out, prefix, g.name(n));
            out += ";\n";
        }
    }
}
} // namespace detail

/// The DOT text of `g`, as a digraph called `name`; the subgraphs of a higher-order
/// operator's node are clusters.
template <class Meta> std::string to_dot(const graph<Meta>& g, std::string_view name = "graph") {
    std::string out = "digraph ";
    detail::append_dot_string(out, name);
    out += " {\n";
    out += "    rankdir=TB;\n";
    out += "    node [fontname=\"monospace\"];\n";
    detail::append_dot_body(out, g, "", "    ");
    out += "}\n";
    return out;
}

} // namespace lasso::graph
