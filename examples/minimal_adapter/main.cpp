// The minimal adapter at work (docs/writing-an-adapter.md walks through it): a frame
// captured whole into one graph and run again from the cache, then a frame with a
// graph break, whose rest runs as a resume function that is captured in turn. The
// program checks what it prints and exits non-zero on a mismatch (ctest runs it as
// example.minimal_adapter).
#include "tiny_exec.hpp"

#include <lasso/lasso.hpp>

#include <cstdint>
#include <iostream>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;

namespace {

int failures = 0;
void expect(bool ok, const std::string& what) {
    if (!ok) {
        std::cerr << "minimal_adapter: expected " << what << "\n";
        ++failures;
    }
}

// snippet: helpers
/// A code object of the compact instruction set, as the interpreter's compiler makes
/// one: `locals` are the local variables (the first `argcount` are the arguments),
/// `names` the globals the bytecode reads.
std::shared_ptr<tiny::exec_code> make_code(std::string name, int argcount, std::vector<std::string> locals,
                                           std::vector<std::string> names, std::vector<std::uint8_t> bytecode) {
    lasso::bytecode::code_fields<tiny::value> code;
    code.name = std::move(name);
    code.filename = "model.py";
    code.first_line = 1;
    code.argcount = argcount;
    code.varnames = std::move(locals);
    code.names = std::move(names);
    code.bytecode = std::move(bytecode);
    return tiny::exec_adapter_resumable::make_code(std::move(code));
}

/// A 1-D tensor of f64.
tiny::value tensor(std::vector<double> data) {
    const auto n = static_cast<std::int64_t>(data.size());
    return tiny::make(tiny::tensor{{"f64", {n}}, std::move(data)});
}
const std::vector<double>& data_of(const tiny::value& v) { return std::get<tiny::tensor>(v->data).data; }

/// A frame that calls `code` with `x` and `y`; its globals hold the builtins.
tiny::exec_frame frame_for(std::shared_ptr<tiny::exec_code> code, tiny::value x, tiny::value y) {
    static const tiny::value relu = tiny::make(tiny::builtin_fn{"relu"});
    static const tiny::value print = tiny::make(tiny::builtin_fn{"print"});
    tiny::exec_frame frame;
    frame.code = std::move(code);
    frame.locals = {std::move(x), std::move(y)};
    frame.globals = {{"relu", relu}, {"print", print}};
    return frame;
}
// snippet: end

} // namespace

int main() {
    // snippet: capture
    using A = tiny::exec_adapter_resumable; // the tiny runtime with graph breaks
    // def f(x, y): return relu(x + y) * y
    const auto f = make_code(
        "f", 2, {"x", "y"}, {"relu"},
        {C::PUSHNULL, C::LDG, 0, 0, C::LDL, 0, C::LDL, 1, C::BINOP, 0, C::CALL, 1, C::LDL, 1, C::BINOP, 5, C::RET});
    lasso::runtime<A> rt;
    auto frame = frame_for(f, tensor({1, -5, 3}), tensor({2, 2, 2}));
    const tiny::value result = rt.eval_frame(frame); // translated, compiled, run
    // relu(x + y) * y = relu([3, -3, 5]) * 2
    expect(data_of(result) == std::vector<double>{6, 0, 10}, "f(x, y) == [6, 0, 10]");

    auto again = frame_for(f, tensor({0, 1, 2}), tensor({1, 1, 1}));
    rt.eval_frame(again); // the guards pass: the cached code runs, nothing is translated
    const lasso::explain_report report = rt.report();
    std::cout << report.text();
    // snippet: end
    expect(report.features == std::vector<std::string>{"template_constants", "code_cache_slot", "graph_breaks", "inlining"},
           "the report to list the adapter's features");
    expect(report.frames.size() == 1 && report.frames[0].graphs.size() == 1 && report.frames[0].graphs[0].ops == 3,
           "one graph of three ops (add, relu, mul) for f");
    expect(report.frames.size() == 1 && report.frames[0].cache_hits == 1, "the second call of f to hit the cache");

    // snippet: break
    // def g(x, y):
    //     z = relu(x + y)
    //     print(z)          # not capturable: a graph break
    //     return z * y
    const auto g = make_code("g", 2, {"x", "y", "z"}, {"relu", "print"},
                             {C::PUSHNULL, C::LDG, 0,      0,      C::LDL,      0,      C::LDL, 1,        C::BINOP, 0,
                              C::CALL,     1,      C::STL, 2,      C::PUSHNULL, C::LDG, 1,      0,        C::LDL,   2,
                              C::CALL,     1,      C::POP, C::LDL, 2,           C::LDL, 1,      C::BINOP, 5,        C::RET});
    // The interpreter's side: what `print` does, and how a call of an interpreted
    // function (the resume function) is run: through the runtime, so it is captured.
    std::vector<std::string> printed;
    A::host_functions()["print"] = [&](std::span<const tiny::value> args) {
        printed.push_back(tiny::adapter::describe_value(args[0]));
        return tiny::none();
    };
    A::call_function = [&](tiny::exec_frame& called) { return rt.eval_frame(called); };

    auto broken = frame_for(g, tensor({1, -5, 3}), tensor({2, 2, 2}));
    const tiny::value rest = rt.eval_frame(broken);
    expect(data_of(rest) == std::vector<double>{6, 0, 10}, "g(x, y) == [6, 0, 10]");
    std::cout << "\n" << rt.report().text();
    // snippet: end
    expect(printed == std::vector<std::string>{"a tensor f64[3]"}, "print to run once, in the interpreter");
    const auto frames = rt.report().frames;
    expect(frames.size() == 3, "three frames: f, g and g's resume function");
    if (frames.size() == 3) {
        expect(frames[1].function == "g" && frames[1].breaks.size() == 1 && frames[1].graphs.size() == 1 &&
                   frames[1].graphs[0].ops == 2,
               "g to break at print after a graph of two ops (add, relu)");
        expect(frames[2].function.rfind("resume_in_g_at_", 0) == 0 && frames[2].graphs.size() == 1 &&
                   frames[2].graphs[0].ops == 1 && frames[2].breaks.empty(),
               "g's resume function to be captured as one graph (mul)");
    }
    A::call_function = nullptr;
    A::host_functions().erase("print");
    return failures == 0 ? 0 : 1;
}
