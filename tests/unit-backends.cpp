// Backends: a translated graph compiled by the eager backend computes what the
// interpreter would; the verifying backend catches a wrong candidate.
#include "tiny_runtime.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;

namespace {
/// def f(x, y): return (relu(x + y) * 5, x.neg())
tiny::adapter::code code_under_test() {
    tiny::adapter::code code;
    code.varnames = {"x", "y"};
    code.names = {"relu", "neg"};
    code.constants = {tiny::make(std::int64_t{5})};
    code.bytecode = {C::PUSHNULL, C::LDG,   0, 0,      C::LDL, 0,      C::LDL, 1, C::BINOP, 0, C::CALL,  1, C::LDC, 0,
                     0,           C::BINOP, 5, C::LDL, 0,      C::LDM, 1,      0, C::CALL,  0, C::TUPLE, 2, C::RET};
    return code;
}
tiny::value vec(std::vector<double> d) {
    const auto n = static_cast<std::int64_t>(d.size());
    return tiny::make(tiny::tensor{{"f64", {n}}, std::move(d)});
}
const std::vector<double>& data(const tiny::value& v) { return std::get<tiny::tensor>(v->data).data; }

struct wrong_backend {
    template <class Meta>
    lasso::compiled_graph<tiny::value> operator()(const lasso::graph::graph<Meta>& g,
                                                  std::span<const tiny::value> in) const {
        auto right = lasso::eager_backend<tiny::adapter>{}(g, in);
        return [right](std::span<const tiny::value> inputs) {
            auto out = right(inputs);
            out.back() = vec({0, 0, 0}); // corrupt the second output
            return out;
        };
    }
};
} // namespace

TEST_CASE("the eager backend runs a captured graph") {
    auto code = code_under_test();
    tiny::frame frame;
    frame.locals = {vec({1, -2, 3}), vec({1, 1, -5})};
    frame.globals["relu"] = tiny::make(tiny::builtin_fn{"relu"});
    auto result = lasso::translator<tiny::adapter>(code, frame).run();
    REQUIRE(result.captured());
    lasso::output::finalize_graph(result); // the graph's outputs: what the return value needs
    const std::vector<tiny::value> inputs{*frame.locals[0], *frame.locals[1]};
    auto compiled = lasso::eager_backend<tiny::adapter>{}(result.graph, inputs);
    auto outputs = compiled(inputs);
    REQUIRE(outputs.size() == 2);
    CHECK(data(outputs[0]) == std::vector<double>{10, 0, 0}); // relu([2, -1, -2]) * 5
    CHECK(data(outputs[1]) == std::vector<double>{-1, 2, -3});
    // The compiled graph is independent of the translation it came from.
    const std::vector<tiny::value> other{vec({0, 0, 1}), vec({2, 2, 2})};
    CHECK(data(compiled(other)[0]) == std::vector<double>{10, 10, 15});
    CHECK_THROWS_WITH_AS(compiled(std::span<const tiny::value>(other.data(), 1)), "graph expects 2 inputs, got 1",
                         lasso::backend_error);
}

TEST_CASE("the verifying backend reports a mismatch") {
    auto code = code_under_test();
    tiny::frame frame;
    frame.locals = {vec({1, 2, 3}), vec({1, 1, 1})};
    frame.globals["relu"] = tiny::make(tiny::builtin_fn{"relu"});
    auto result = lasso::translator<tiny::adapter>(code, frame).run();
    REQUIRE(result.captured());
    lasso::output::finalize_graph(result); // the graph's outputs: what the return value needs
    const std::vector<tiny::value> inputs{*frame.locals[0], *frame.locals[1]};
    lasso::verifying_backend<tiny::adapter, lasso::eager_backend<tiny::adapter>> good{};
    CHECK(good(result.graph, inputs)(inputs).size() == 2);
    lasso::verifying_backend<tiny::adapter, wrong_backend> bad{};
    auto compiled = bad(result.graph, inputs);
    CHECK_THROWS_WITH_AS(compiled(inputs), "backend output 1 differs from the eager graph", lasso::backend_error);
}

TEST_CASE("inputs first read after an operation still arrive in placeholder order") {
    // def f(x, y): return x * 2 + y   -- y's placeholder is created after the mul node
    tiny::adapter::code code;
    code.varnames = {"x", "y"};
    code.constants = {tiny::make(std::int64_t{2})};
    code.bytecode = {C::LDL, 0, C::LDC, 0, 0, C::BINOP, 5, C::LDL, 1, C::BINOP, 0, C::RET};
    tiny::frame frame;
    frame.locals = {vec({1, 2, 3}), vec({10, 20, 30})};
    auto result = lasso::translator<tiny::adapter>(code, frame).run();
    REQUIRE(result.captured());
    lasso::output::finalize_graph(result); // the graph's outputs: what the return value needs
    const std::vector<tiny::value> inputs{*frame.locals[0], *frame.locals[1]};
    auto compiled = lasso::eager_backend<tiny::adapter>{}(result.graph, inputs);
    CHECK(data(compiled(inputs).at(0)) == std::vector<double>{12, 24, 36});
}

namespace {
// The tiny adapter with prepared operations: each prepared operation counts its runs,
// and the runs record how many intermediates are still alive.
struct prepared_adapter : tiny::adapter {
    static constexpr lasso::feature_set features = tiny::adapter::features | lasso::feature::prepared_operations;
    struct prepared_op {
        std::string name;
    };
    static inline int prepared = 0, run_prepared_calls = 0, run_op_calls = 0;
    static inline std::vector<std::weak_ptr<tiny::object>> results;
    static prepared_op prepare_op(std::string_view name, bool) {
        ++prepared;
        return {std::string(name)};
    }
    static tiny::value run_prepared(const prepared_op& op, std::span<const tiny::value> args) {
        ++run_prepared_calls;
        tiny::value out = tiny::adapter::run_op(op.name, args, false);
        results.push_back(out);
        return out;
    }
    static tiny::value run_op(std::string_view name, std::span<const tiny::value> args, bool is_method) {
        ++run_op_calls;
        return tiny::adapter::run_op(name, args, is_method);
    }
};
static_assert(lasso::PreparedOperationsAdapter<prepared_adapter>);
} // namespace

TEST_CASE("the eager backend prepares each operation once and drops each intermediate after its last use") {
    using tensor_meta = tiny::tensor_meta;
    lasso::graph::graph<tensor_meta> g;
    const tensor_meta m{"f64", {2}};
    const auto x = g.add_placeholder("L['x']", m);
    const auto a = g.add_call_function("add", {x, x}, {}, m); // read by b only
    const auto b = g.add_call_function("mul", {a, x}, {}, m); // read by c and the output
    const auto c = g.add_call_function("add", {b, x}, {}, m); // read by d only
    const auto d = g.add_call_function("relu", {c}, {}, m);
    g.set_output({d, b});
    const std::vector<tiny::value> inputs{vec({1, -3})};
    auto compiled = lasso::eager_backend<prepared_adapter>{}(g, inputs);
    CHECK(prepared_adapter::prepared == 4);
    prepared_adapter::results.clear();
    auto out = compiled(inputs);
    REQUIRE(out.size() == 2);
    CHECK(data(out[0]) == std::vector<double>{3, 15}); // relu((x + x) * x + x)
    CHECK(data(out[1]) == std::vector<double>{2, 18});
    CHECK(prepared_adapter::run_prepared_calls == 4);
    CHECK(prepared_adapter::run_op_calls == 0);
    REQUIRE(prepared_adapter::results.size() == 4);
    CHECK(prepared_adapter::results[0].expired());       // a: dropped after b
    CHECK_FALSE(prepared_adapter::results[1].expired()); // b: an output
    CHECK(prepared_adapter::results[2].expired());       // c: dropped after d
    CHECK_FALSE(prepared_adapter::results[3].expired()); // d: an output
    compiled(inputs);
    CHECK(prepared_adapter::prepared == 4); // not again per call
}

TEST_CASE("lowered_graph runs a backend's kernels in place of nodes and the eager operators elsewhere") {
    using tensor_meta = tiny::tensor_meta;
    lasso::graph::graph<tensor_meta> g;
    const tensor_meta m{"f64", {2}};
    const auto x = g.add_placeholder("L['x']", m);
    const auto y = g.add_placeholder("L['y']", m);
    const auto a = g.add_call_function("add", {x, y}, {}, m); // absorbed into c's kernel
    const auto b = g.add_call_function("mul", {a, 2}, {}, m); // absorbed too
    const auto c = g.add_call_function("relu", {b}, {}, m);   // kernel: relu((x + y) * 2) from x, y
    const auto d = g.add_call_function("add", {c, x}, {}, m); // eager
    g.set_output({d, c});
    int kernel_runs = 0;
    lasso::node_lowerings<tiny::value> lowerings;
    lowerings[a.index()].absorbed = true;
    lowerings[b.index()].absorbed = true;
    lowerings[c.index()].operands = {x, y};
    lowerings[c.index()].run = [&kernel_runs](std::span<const tiny::value> in) {
        ++kernel_runs;
        REQUIRE(in.size() == 2);
        std::vector<double> out;
        for (std::size_t i = 0; i < data(in[0]).size(); ++i)
            out.push_back(std::max(0.0, (data(in[0])[i] + data(in[1])[i]) * 2));
        return vec(std::move(out));
    };
    auto compiled = lasso::lowered_graph<prepared_adapter>(g, lowerings);
    prepared_adapter::run_prepared_calls = 0;
    const std::vector<tiny::value> inputs{vec({1, -3}), vec({2, 1})};
    auto out = compiled(inputs);
    REQUIRE(out.size() == 2);
    CHECK(data(out[0]) == std::vector<double>{7, -3});
    CHECK(data(out[1]) == std::vector<double>{6, 0});
    CHECK(kernel_runs == 1);
    CHECK(prepared_adapter::run_prepared_calls == 1); // d alone ran eagerly
    // A lowering that reads an absorbed node is refused when the graph is compiled.
    lasso::node_lowerings<tiny::value> wrong = lowerings;
    wrong[c.index()].operands = {a};
    CHECK_THROWS_AS(lasso::lowered_graph<prepared_adapter>(g, wrong), lasso::backend_error);
}

TEST_CASE("a graph of one operation gives what the step loop gives, on its inputs in any order") {
    // One operation on the inputs in order is run on the caller's span of inputs; any
    // other graph of one operation goes through the step loop. All give the same values,
    // through the vector of outputs and through the runner's one output alike.
    using tensor_meta = tiny::tensor_meta;
    const tensor_meta m{"f64", {2}};
    const std::vector<tiny::value> inputs{vec({1, -3}), vec({2, 5})};
    struct one_op {
        const char* what;
        std::vector<int> operands; // placeholder indexes; -1: the constant 2
        const char* target;
        std::vector<double> expected;
    };
    const one_op cases[] = {
        {"x - y (in order)", {0, 1}, "sub", {-1, -8}}, {"y - x (reversed)", {1, 0}, "sub", {1, 8}},
        {"x * x (repeated)", {0, 0}, "mul", {1, 9}},   {"x * 2 (a constant)", {0, -1}, "mul", {2, -6}},
        {"relu(x) (one of two)", {0}, "relu", {1, 0}}, {"relu(y) (the second)", {1}, "relu", {2, 5}},
    };
    for (const one_op& c : cases) {
        CAPTURE(c.what);
        lasso::graph::graph<tensor_meta> g;
        const auto x = g.add_placeholder("L['x']", m);
        const auto y = g.add_placeholder("L['y']", m);
        std::vector<lasso::graph::argument> args;
        for (int k : c.operands) {
            if (k < 0) args.emplace_back(std::int64_t{2});
            else args.emplace_back(k == 0 ? x : y);
        }
        g.set_output({g.add_call_function(c.target, std::move(args), {}, m)});
        auto compiled = lasso::eager_backend<tiny::adapter>{}(g, inputs);
        CHECK(data(compiled(inputs).at(0)) == c.expected);
        auto runner = lasso::detail::runner_of<tiny::adapter>(compiled);
        REQUIRE(runner);
        CHECK(data(runner->output(inputs, 0)) == c.expected);
    }
    // An operation that raises raises through either way.
    lasso::graph::graph<tensor_meta> g;
    const auto x = g.add_placeholder("L['x']", m);
    const auto y = g.add_placeholder("L['y']", m);
    g.set_output({g.add_call_function("add", {x, y}, {}, m)});
    auto compiled = lasso::eager_backend<tiny::adapter>{}(g, inputs);
    const std::vector<tiny::value> not_tensors{tiny::make(std::string("a")), tiny::make(std::string("b"))};
    CHECK_THROWS_AS(compiled(not_tensors), std::runtime_error);
    CHECK_THROWS_AS(lasso::detail::runner_of<tiny::adapter>(compiled)->output(not_tensors, 0), std::runtime_error);
}

namespace {
// The tiny adapter with keyword arguments and tuples of tensors: `scale(x, factor=k)` is
// x * k, and `total((x, y, ...))` the sum of a tuple's tensors; each run records the
// keyword names it was given.
struct keyword_adapter : tiny::adapter {
    static constexpr lasso::feature_set features =
        tiny::adapter::features | lasso::feature::tensor_keywords | lasso::feature::tensor_sequences;
    static inline std::vector<std::vector<std::string>> keywords_seen;
    static lasso::meta_or_reason<tensor_meta>
    infer_meta(std::string_view op, std::span<const lasso::operand<tensor_meta>> args, std::span<const std::string>) {
        return tiny::adapter::infer_meta(op, args);
    }
    using tiny::adapter::infer_meta;
    static tiny::value run_op(std::string_view op, std::span<const tiny::value> args, bool is_method,
                              std::span<const std::string> keywords) {
        keywords_seen.emplace_back(keywords.begin(), keywords.end());
        return run_op(op, args, is_method);
    }
    static tiny::value run_op(std::string_view op, std::span<const tiny::value> args, bool is_method) {
        if (op == "scale") return tiny::adapter::run_op("mul", args, is_method);
        if (op == "total") {
            const auto& items = std::get<tiny::tuple>(args[0]->data).items;
            tiny::value sum = items.at(0);
            for (std::size_t i = 1; i < items.size(); ++i) {
                const tiny::value pair[] = {sum, items[i]};
                sum = tiny::adapter::run_op("add", pair, false);
            }
            return sum;
        }
        return tiny::adapter::run_op(op, args, is_method);
    }
    static tiny::value make_tuple(std::vector<tiny::value> items) { return tiny::make(tiny::tuple{std::move(items)}); }
};
static_assert(lasso::TensorKeywordsAdapter<keyword_adapter>);
} // namespace

TEST_CASE("the eager backend passes a node's keyword arguments and makes its tuples of results") {
    using tensor_meta = tiny::tensor_meta;
    lasso::graph::graph<tensor_meta> g;
    const tensor_meta m{"f64", {2}};
    const auto x = g.add_placeholder("L['x']", m);
    const auto y = g.add_placeholder("L['y']", m);
    const auto s = g.add_call_function("scale", {x}, {{"factor", 3}}, m);
    const auto t = g.add_call_function("total", {lasso::graph::tuple_of({x, s, y})}, {}, m);
    g.set_output({t});
    const std::vector<tiny::value> inputs{vec({1, -3}), vec({10, 20})};
    keyword_adapter::keywords_seen.clear();
    auto out = lasso::eager_backend<keyword_adapter>{}(g, inputs)(inputs);
    REQUIRE(out.size() == 1);
    CHECK(data(out[0]) == std::vector<double>{14, 8}); // x + 3x + y
    // Only the node with keywords runs through the keyword form, with their names.
    REQUIRE(keyword_adapter::keywords_seen.size() == 1);
    CHECK(keyword_adapter::keywords_seen[0] == std::vector<std::string>{"factor"});
    // An adapter without tensor_keywords cannot run such a node: an error, not a call
    // without them.
    CHECK_THROWS_AS(lasso::eager_backend<tiny::adapter>{}(g, inputs), lasso::backend_error);
}
