// In-place operators that write into tensors (lasso::feature::tensor_mutation) on the
// compact instruction set: the tiny exec adapter with the feature, whose tensors'
// data can be written. The graph computes the new value; generated code writes it into
// the frame's tensor after the graph, so the caller's tensor changes and is the value
// returned. Views, aliased inputs and results that do not fit are refused.
#include "tiny_exec.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;

namespace {

/// The tiny exec adapter whose tensors are written by in-place operators; a view is
/// what `getitem` gives (the rest of its operations make new tensors). Results fit when
/// their metadata is the tensor's; `writes` counts the writes generated code made.
struct writing_adapter : tiny::exec_adapter {
    static constexpr lasso::feature_set features = tiny::exec_adapter::features | lasso::feature::tensor_mutation;
    static inline int writes = 0;

    static std::variant<bool, lasso::unsupported> inplace_writes(const tiny::tensor_meta& m, std::int64_t) {
        if (m.shape.empty()) return lasso::unsupported{lasso::reasons::unsupported_mutation, "a 0-d tensor"};
        return true;
    }
    static bool inplace_fits(const tiny::tensor_meta& target, const tiny::tensor_meta& result) { return target == result; }
    static bool result_is_fresh(std::string_view op, bool) { return op != "getitem"; }
    static std::pair<std::uintptr_t, std::uintptr_t> tensor_memory(const tiny::value& v) {
        const auto& data = std::get<tiny::tensor>(v->data).data;
        const auto begin = reinterpret_cast<std::uintptr_t>(data.data());
        return {begin, begin + data.size() * sizeof(double)};
    }
    static tiny::value tensor_writer() {
        return make_host_function("write", [](std::span<const tiny::value> args) {
            ++writes;
            std::get<tiny::tensor>(args[0]->data).data = std::get<tiny::tensor>(args[1]->data).data;
            return tiny::make(lasso::none_t{});
        });
    }
};
static_assert(lasso::TensorMutationAdapter<writing_adapter>);
static_assert(!lasso::TensorMutationAdapter<tiny::exec_adapter>);

tiny::value vec(std::vector<double> data) {
    const auto n = static_cast<std::int64_t>(data.size());
    return tiny::make(tiny::tensor{{"f64", {n}}, std::move(data)});
}
const std::vector<double>& data_of(const tiny::value& v) { return std::get<tiny::tensor>(v->data).data; }

/// A code of two arguments `x`, `y` (and local `t`) with `body`, run at line 2.
std::shared_ptr<tiny::exec_code> code_of(std::vector<std::uint8_t> body) {
    lasso::bytecode::code_fields<tiny::value> code;
    code.name = "f";
    code.filename = "model.py";
    code.first_line = 1;
    code.argcount = 2;
    code.varnames = {"x", "y", "t"};
    code.constants = {tiny::make(std::int64_t{0})};
    code.bytecode = {C::START, 0};
    code.bytecode.insert(code.bytecode.end(), body.begin(), body.end());
    code.line_table = {{0, {2, 2, 0, 20}}};
    return tiny::exec_adapter::make_code(std::move(code));
}

tiny::exec_frame frame_of(std::shared_ptr<tiny::exec_code> code, tiny::value x, tiny::value y) {
    tiny::exec_frame f;
    f.code = std::move(code);
    f.locals = {std::move(x), std::move(y)};
    return f;
}

constexpr std::uint8_t iadd = 13, imul = 18; // binary_op's in-place + and *
} // namespace

TEST_CASE("an in-place operator on a frame tensor: the graph computes, generated code writes it back") {
    // def f(x, y): x += y; x *= y; return x
    auto code = code_of({C::LDL, 0, C::LDL, 1, C::BINOP, iadd, C::STL, 0, C::LDL, 0, C::LDL, 1, C::BINOP, imul, C::STL, 0,
                         C::LDL, 0, C::RET});
    lasso::runtime<writing_adapter> rt;
    writing_adapter::writes = 0;
    auto x = vec({1, 2, 3});
    auto y = vec({2, 2, 2});
    auto frame = frame_of(code, x, y);
    const tiny::value r = rt.eval_frame(frame);
    CHECK(r == x); // the caller's tensor itself
    CHECK(data_of(x) == std::vector<double>{6, 8, 10});
    CHECK(data_of(y) == std::vector<double>{2, 2, 2});
    CHECK(writing_adapter::writes == 1); // the final value, once
    // The cache hit writes as well.
    auto x2 = vec({0, 1, 2});
    auto frame2 = frame_of(code, x2, y);
    CHECK(rt.eval_frame(frame2) == x2);
    CHECK(data_of(x2) == std::vector<double>{4, 6, 8});
    CHECK(writing_adapter::writes == 2);
    const auto f = rt.report().frames.at(0);
    CHECK(f.cache_hits == 1);
    REQUIRE(f.graphs.size() == 1);
    CHECK(f.graphs[0].ops == 2);
    CHECK(f.graphs[0].outputs == 1); // the new contents; x itself is reloaded
    CHECK(f.entry_guards[0].find("L['x'] shares no memory with L['y']") != std::string::npos);
}

TEST_CASE("an in-place operator on a tensor made in the trace writes nothing after the graph") {
    // def f(x, y): t = x + y; t += y; return t
    auto code = code_of(
        {C::LDL, 0, C::LDL, 1, C::BINOP, 0, C::STL, 2, C::LDL, 2, C::LDL, 1, C::BINOP, iadd, C::STL, 2, C::LDL, 2, C::RET});
    lasso::runtime<writing_adapter> rt;
    writing_adapter::writes = 0;
    auto x = vec({1, 2});
    auto frame = frame_of(code, x, vec({1, 1}));
    const tiny::value r = rt.eval_frame(frame);
    CHECK(data_of(r) == std::vector<double>{3, 4});
    CHECK(data_of(x) == std::vector<double>{1, 2});
    CHECK(writing_adapter::writes == 0);
}

TEST_CASE("in-place writes into a view, into aliased inputs or of a result that does not fit are refused") {
    auto refusal = [](std::shared_ptr<tiny::exec_code> code, tiny::value x, tiny::value y) -> std::string {
        lasso::runtime<writing_adapter> rt;
        try {
            auto frame = frame_of(std::move(code), std::move(x), std::move(y));
            rt.eval_frame(frame, {"eager", true});
        } catch (const lasso::capture_error& e) { return e.what(); }
        return "";
    };
    // def f(x, y): t = x[0]; x += y; return t   (t is a view of x)
    auto view = code_of(
        {C::LDL, 0, C::LDC, 0, 0, C::SUBSCR, C::STL, 2, C::LDL, 0, C::LDL, 1, C::BINOP, iadd, C::STL, 0, C::LDL, 2, C::RET});
    auto m = tiny::make(tiny::tensor{{"f64", {2, 2}}, {1, 2, 3, 4}});
    CHECK(refusal(view, m, tiny::make(tiny::tensor{{"f64", {2, 2}}, {1, 1, 1, 1}})).find("may share memory") !=
          std::string::npos);
    // def f(x, y): x += y; return x   called as f(a, a)
    auto add = code_of({C::LDL, 0, C::LDL, 1, C::BINOP, iadd, C::STL, 0, C::LDL, 0, C::RET});
    auto a = vec({1, 2});
    CHECK(refusal(add, a, a).find("write into L['x'], which shares memory with L['y']") != std::string::npos);
    CHECK(data_of(a) == std::vector<double>{1, 2}); // refused before anything ran
    // A 0-d tensor: the adapter's own reason.
    auto s = tiny::make(tiny::tensor{{"f64", {}}, {1}});
    CHECK(refusal(add, s, vec({1})).find("a 0-d tensor") != std::string::npos);
}

TEST_CASE("without tensor_mutation an in-place operator on a tensor is the out-of-place one") {
    auto code = code_of({C::LDL, 0, C::LDL, 1, C::BINOP, iadd, C::STL, 0, C::LDL, 0, C::RET});
    lasso::runtime<tiny::exec_adapter> rt;
    auto x = vec({1, 2});
    auto frame = frame_of(code, x, vec({1, 1}));
    const tiny::value r = rt.eval_frame(frame);
    CHECK(r != x);
    CHECK(data_of(r) == std::vector<double>{2, 3});
    CHECK(data_of(x) == std::vector<double>{1, 2});
}
