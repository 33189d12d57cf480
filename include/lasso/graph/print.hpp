// lasso/graph/print.hpp
//
// A graph as text, one line per node with its metadata, in the spirit of torch.fx's
// `print_readable`:
//
//     graph(l_x_: f64[3, 4], l_y_: f64[4]):
//         add: f64[3, 4] = add(l_x_, l_y_)
//         relu: f64[3, 4] = relu(add)
//         sum_1: f64[3] = relu.sum(dim=1)
//         return (relu, sum_1)
//
// Placeholders are the parameters; every other node is `name: meta = expression`
// (without `: meta` when the node has none). Expressions are Python: call_function is
// `target(args, key=value)`, call_method is `object.method(args)`, get_attr is
// `self.path`, and constants print as Python's repr does (None, True, 1, 1.5, 1e-05,
// 'text', (x,), [x, 1]). The output node is `return (values...)`, a tuple.
#pragma once

#include <lasso/graph/graph.hpp>
#include <lasso/constant.hpp>
#include <lasso/graph/node.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lasso::graph {

struct print_options {
    /// End each line with `  # file:line in function` for the node's innermost frame.
    bool locations = false;
};

namespace detail {

/// Python's repr of a string (see lasso/constant.hpp, which owns the rules).
inline void append_python_string(std::string& out, std::string_view s) { out += lasso::repr_string(std::string(s)); }

/// Python's repr of a float (see lasso/constant.hpp).
inline void append_python_float(std::string& out, double d) { out += lasso::repr_double(d); }

template <class Meta> void append_argument(std::string& out, const graph<Meta>& g, const argument& a) {
    const auto& v = a.value();
    if (std::holds_alternative<none_t>(v)) out += "None";
    else if (const bool* b = std::get_if<bool>(&v)) out += *b ? "True" : "False";
    else if (const std::int64_t* i = std::get_if<std::int64_t>(&v)) out += std::to_string(*i);
    else if (const double* d = std::get_if<double>(&v)) append_python_float(out, *d);
    else if (const std::string* s = std::get_if<std::string>(&v)) append_python_string(out, *s);
    else if (const node* n = std::get_if<node>(&v)) g.append_name(out, *n);
    else if (const size_argument* s = std::get_if<size_argument>(&v)) out += s->value.text();
    else if (const sequence* seq = std::get_if<sequence>(&v)) {
        out += seq->is_list ? '[' : '(';
        for (std::size_t k = 0; k < seq->items.size(); ++k) {
            if (k > 0) out += ", ";
            append_argument(out, g, seq->items[k]);
        }
        if (!seq->is_list && seq->items.size() == 1) out += ',';
        out += seq->is_list ? ']' : ')';
    }
}

/// `a, b, key=value` from the given positional arguments (from index `first`) and kwargs.
template <class Meta>
void append_call_arguments(std::string& out, const graph<Meta>& g, const std::vector<argument>& args, std::size_t first,
                           const std::vector<keyword>& kwargs) {
    bool comma = false;
    for (std::size_t k = first; k < args.size(); ++k) {
        if (comma) out += ", ";
        append_argument(out, g, args[k]);
        comma = true;
    }
    for (const keyword& kw : kwargs) {
        if (comma) out += ", ";
        out += kw.name;
        out += '=';
        append_argument(out, g, kw.value);
        comma = true;
    }
}

/// Whether `path` is identifiers joined by dots, so that `self.path` reads right.
inline bool is_dotted_identifier(std::string_view path) {
    bool start = true;
    for (const char c : path) {
        const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        const bool digit = c >= '0' && c <= '9';
        if (c == '.') {
            if (start) return false;
            start = true;
        } else if (alpha || (digit && !start)) {
            start = false;
        } else {
            return false;
        }
    }
    return !start;
}

} // namespace detail

/// One argument value as Python source: `l_x_`, `None`, `(1, 'a')`.
template <class Meta> std::string format_argument(const graph<Meta>& g, const argument& a) {
    std::string out;
    detail::append_argument(out, g, a);
    return out;
}

/// What node `n` computes, as a Python expression or statement:
/// `add(l_x_, 1)`, `relu.sum(dim=1)`, `self.layer.weight`, `return (relu,)`, and for a
/// placeholder `placeholder("L['x']")` (its source).
template <class Meta> std::string format_expression(const graph<Meta>& g, node n) {
    std::string out;
    const std::string_view target = g.target(n);
    switch (g.kind(n)) {
    case node_kind::placeholder:
        out += "placeholder(";
        detail::append_python_string(out, target);
        out += ')';
        break;
    case node_kind::call_function:
        out += target;
        out += '(';
        detail::append_call_arguments(out, g, g.args(n), 0, g.kwargs(n));
        out += ')';
        break;
    case node_kind::call_method: {
        const auto args = g.args(n);
        detail::append_argument(out, g, args.at(0));
        out += '.';
        out += target;
        out += '(';
        detail::append_call_arguments(out, g, args, 1, g.kwargs(n));
        out += ')';
        break;
    }
    case node_kind::get_attr:
        if (detail::is_dotted_identifier(target)) {
            out += "self.";
            out += target;
        } else {
            out += "getattr(self, ";
            detail::append_python_string(out, target);
            out += ')';
        }
        break;
    case node_kind::output:
        out += "return ";
        detail::append_argument(out, g, tuple_of(g.args(n)));
        break;
    }
    return out;
}

/// The node's metadata as `describe` renders it, or "" when it has none.
template <class Meta> std::string format_meta(const graph<Meta>& g, node n) {
    const auto& meta = g.meta(n);
    return meta ? detail::describe_meta(*meta) : std::string();
}

/// One body line without indentation: `add: f64[3, 4] = add(l_x_, l_y_)`; a
/// placeholder gives `l_x_: f64[3, 4]` (an int symbol's `l_n_: Sym(s0)`) and the output
/// node `return (...)`.
template <class Meta> std::string format_node(const graph<Meta>& g, node n) {
    const node_kind kind = g.kind(n);
    if (kind == node_kind::output) return format_expression(g, n);
    std::string out = g.name(n);
    if (g.meta(n)) {
        out += ": ";
        out += format_meta(g, n);
    } else if (const auto size = g.placeholder_size(n)) {
        out += ": Sym(" + size->text() + ")";
    }
    if (kind == node_kind::placeholder) return out;
    out += " = ";
    out += format_expression(g, n);
    return out;
}

/// The whole graph: a header line with the placeholders, then one indented line per
/// other node in graph order (`pass` when there is none), the output last.
template <class Meta> std::string print_readable(const graph<Meta>& g, const print_options& options = {}) {
    std::string out = "graph(";
    bool first = true;
    for (const node p : g.placeholders()) {
        if (!first) out += ", ";
        out += format_node(g, p);
        first = false;
    }
    out += "):\n";
    bool body = false;
    for (const node n : g.nodes()) {
        if (g.kind(n) == node_kind::placeholder) continue;
        out += "    ";
        out += format_node(g, n);
        if (options.locations) {
            const auto frames = g.location(n);
            if (!frames.empty()) {
                const source_frame& f = frames.back();
                out += "  # ";
                out += f.file;
                out += ':';
                out += std::to_string(f.line);
                out += " in ";
                out += f.function;
            }
        }
        out += '\n';
        // A higher-order operator's subgraphs, indented under it.
        for (const graph<Meta>& sub : g.subgraphs(n)) {
            const std::string text = print_readable(sub, options);
            std::size_t from = 0;
            while (from < text.size()) {
                const std::size_t end = text.find('\n', from);
                out += "        ";
                out.append(text, from, end == std::string::npos ? std::string::npos : end + 1 - from);
                if (end == std::string::npos) out += '\n';
                from = end == std::string::npos ? text.size() : end + 1;
            }
        }
        body = true;
    }
    if (!body) out += "    pass\n";
    return out;
}

} // namespace lasso::graph
