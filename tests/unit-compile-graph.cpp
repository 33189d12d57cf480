// Compiling the graph of a translation for a cache entry (runtime/compile_graph.hpp),
// as a step of its own: the host function generated code calls runs the backend's
// callable on the graph's inputs (and returns a single output alone, several as a
// tuple), the record counts what explain reports, a graph with no operation compiles
// nothing, and guards that fail on the frame they were made from are an error, not a
// graph.
#include "tiny_exec.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;
using A = tiny::exec_adapter;

namespace {
tiny::value vector_of(std::vector<double> data) {
    const auto n = static_cast<std::int64_t>(data.size());
    return tiny::make(tiny::tensor{{"f64", {n}}, std::move(data)});
}

/// def f(x, y): return (relu(x + y), x)      (with ops) or   def f(x, y): return (x, y)
std::shared_ptr<tiny::exec_code> code_of(bool with_ops) {
    lasso::bytecode::code_fields<tiny::value> code;
    code.name = "f";
    code.argcount = 2;
    code.varnames = {"x", "y"};
    code.names = {"relu"};
    if (with_ops)
        code.bytecode = {C::PUSHNULL, C::LDG,  0, 0,      C::LDL, 0,        C::LDL, 1,     C::BINOP,
                         0,           C::CALL, 1, C::LDL, 0,      C::TUPLE, 2,      C::RET};
    else code.bytecode = {C::LDL, 0, C::LDL, 1, C::TUPLE, 2, C::RET};
    return A::make_code(std::move(code));
}

tiny::exec_frame frame_of(const std::shared_ptr<tiny::exec_code>& code, tiny::value x, tiny::value y) {
    tiny::exec_frame f;
    f.code = code;
    f.locals = {std::move(x), std::move(y)};
    static const tiny::value relu = tiny::make(tiny::builtin_fn{"relu"}); // one object: guarded by identity
    f.globals["relu"] = relu;
    return f;
}

template <class Translation> lasso::guard_program<A> guards_of(const Translation& t) {
    return lasso::compile_guards<A>(t.guards, t.sources, {"x", "y"}, {});
}
} // namespace

TEST_CASE("compile_graph: the host function runs the compiled graph on the graph's inputs") {
    const auto code = code_of(true);
    const auto frame = frame_of(code, vector_of({1, -5, 3}), vector_of({1, 1, 1}));
    auto t = lasso::translator<A>(code, frame).run();
    REQUIRE(t.captured());
    const auto outputs = lasso::output::finalize_graph(t);
    const auto guards = guards_of(t);
    const auto compiled =
        lasso::compile_graph<A>(frame, t, guards, outputs, lasso::eager_backend<A>{}, "__compiled_fn_7", "f");
    REQUIRE(compiled.value);
    CHECK(compiled.record.ops == 2); // add, relu
    CHECK(compiled.record.subgraph_ops == 0);
    CHECK(compiled.record.inputs == 2);
    CHECK(compiled.record.outputs == 1); // x is reloaded from its source, not returned by the graph
    CHECK(compiled.record.readable.find("relu") != std::string::npos);
    CHECK(compiled.record.dot.find("digraph") != std::string::npos);
    CHECK(compiled.raise_token == nullptr); // no side effect, no global state set: nothing to redo eagerly
    // The value generated code calls: a host function of the adapter, named as asked,
    // returning the graph's one output itself (no tuple of one to unpack).
    const auto& host = std::get<tiny::builtin_fn>((*compiled.value)->data);
    CHECK(host.name == "__compiled_fn_7");
    const std::vector<tiny::value> inputs{vector_of({2, -3, 0}), vector_of({1, 1, 1})};
    const auto result = A::host_functions().at(host.name)(inputs);
    REQUIRE(std::holds_alternative<tiny::tensor>(result->data));
    CHECK(std::get<tiny::tensor>(result->data).data == std::vector<double>{3, 0, 1});
    // The backend's callable itself, for the cache-hit path.
    CHECK(std::get<tiny::tensor>(compiled.callable(inputs)[0]->data).data == std::vector<double>{3, 0, 1});
}

TEST_CASE("compile_graph: the host function of a graph of several outputs returns their tuple") {
    // def f(x, y): return (relu(x + y), x * y)
    lasso::bytecode::code_fields<tiny::value> fields;
    fields.name = "f";
    fields.argcount = 2;
    fields.varnames = {"x", "y"};
    fields.names = {"relu"};
    fields.bytecode = {C::PUSHNULL, C::LDG, 0, 0,      C::LDL, 0,        C::LDL, 1,        C::BINOP, 0,     C::CALL,
                       1,           C::LDL, 0, C::LDL, 1,      C::BINOP, 5,      C::TUPLE, 2,        C::RET};
    const auto code = A::make_code(std::move(fields));
    const auto frame = frame_of(code, vector_of({1, -5, 3}), vector_of({1, 1, 1}));
    auto t = lasso::translator<A>(code, frame).run();
    REQUIRE(t.captured());
    const auto outputs = lasso::output::finalize_graph(t);
    REQUIRE(outputs.size() == 2);
    const auto compiled =
        lasso::compile_graph<A>(frame, t, guards_of(t), outputs, lasso::eager_backend<A>{}, "__compiled_fn_8", "f");
    REQUIRE(compiled.value);
    const auto& host = std::get<tiny::builtin_fn>((*compiled.value)->data);
    const std::vector<tiny::value> inputs{vector_of({2, -3, 0}), vector_of({2, 1, 1})};
    const auto result = A::host_functions().at(host.name)(inputs);
    const auto& items = std::get<tiny::tuple>(result->data).items;
    REQUIRE(items.size() == 2);
    CHECK(std::get<tiny::tensor>(items[0]->data).data == std::vector<double>{4, 0, 1});
    CHECK(std::get<tiny::tensor>(items[1]->data).data == std::vector<double>{4, -3, 0});
}

TEST_CASE("compile_graph: a graph with no operation compiles nothing") {
    const auto code = code_of(false);
    const auto frame = frame_of(code, vector_of({1}), vector_of({2}));
    auto t = lasso::translator<A>(code, frame).run();
    REQUIRE(t.captured());
    const auto outputs = lasso::output::finalize_graph(t);
    int backend_calls = 0;
    const lasso::backend_function<A> counting = [&](const auto& g, std::span<const tiny::value> in) {
        ++backend_calls;
        return lasso::eager_backend<A>{}(g, in);
    };
    const auto compiled = lasso::compile_graph<A>(frame, t, guards_of(t), outputs, counting, "unused", "f");
    CHECK_FALSE(compiled.value);
    CHECK_FALSE(compiled.callable);
    CHECK(backend_calls == 0);
    CHECK(compiled.record.ops == 0);
}

TEST_CASE("compile_graph: guards that fail on the frame they were made from are an error") {
    const auto code = code_of(true);
    const auto frame = frame_of(code, vector_of({1, 2, 3}), vector_of({1, 1, 1}));
    auto t = lasso::translator<A>(code, frame).run();
    REQUIRE(t.captured());
    const auto outputs = lasso::output::finalize_graph(t);
    const auto guards = guards_of(t);
    const auto other = frame_of(code, vector_of({1, 2}), vector_of({1, 1, 1})); // another shape
    std::string reason;
    try {
        lasso::compile_graph<A>(other, t, guards, outputs, lasso::eager_backend<A>{}, "g", "f");
    } catch (const lasso::unsupported& u) { reason = u.reason; }
    CHECK(reason ==
          "internal error: a guard fails on the frame it was made from: L['x'] is a tensor f64[3], but got a "
          "tensor f64[2]");
}
