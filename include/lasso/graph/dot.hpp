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

/// The DOT text of `g`, as a digraph called `name`.
template <class Meta> std::string to_dot(const graph<Meta>& g, std::string_view name = "graph") {
    std::string out = "digraph ";
    detail::append_dot_string(out, name);
    out += " {\n";
    out += "    rankdir=TB;\n";
    out += "    node [fontname=\"monospace\"];\n";
    for (const node n : g.nodes()) {
        out += "    ";
        detail::append_dot_string(out, g.name(n));
        out += " [";
        out += detail::dot_shape(g.kind(n));
        out += ", label=\"";
        detail::append_dot_escaped(out, g.name(n));
        out += "\\n";
        detail::append_dot_escaped(out, format_expression(g, n));
        if (g.meta(n)) {
            out += "\\n";
            detail::append_dot_escaped(out, format_meta(g, n));
        }
        out += "\"];\n";
    }
    for (const node n : g.nodes()) {
        for (const node input : g.inputs(n)) {
            out += "    ";
            detail::append_dot_string(out, g.name(input));
            out += " -> ";
            detail::append_dot_string(out, g.name(n));
            out += ";\n";
        }
    }
    out += "}\n";
    return out;
}

} // namespace lasso::graph
