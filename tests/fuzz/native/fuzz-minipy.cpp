// Fuzz target "minipy": the input is a program's source text, run as `minipy run
// --backend verify` runs it (front end, interpreter, and graph capture of every
// `@capture` function with each compiled graph checked against the eager graph), with a
// step budget and a memory budget so that endless loops and huge allocations end.
//
// The promise: the program ends with status 0, or 1 with a Python-style last line on
// stderr (`Type` or `Type: message`); nothing crashes or hangs. Neither minipy nor
// lasso reports an internal error (a C++ exception that is not a Python one), and no
// compiled graph computes something other than the eager graph. Those checks read
// stderr, so they are skipped for programs whose own text could print the same words.
#include "fuzz_input.hpp"

#include "minipy/capture.hpp"

#include <cctype>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>

namespace {

using lasso_fuzz::fail;

/// Loop iterations plus calls, and bytes made in bulk, that one program may use.
constexpr std::uint64_t max_steps = 20000;
constexpr std::uint64_t memory_budget = std::uint64_t{64} << 20;

/// The last line that is not blank.
std::string last_line(std::string text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    return text.substr(text.find_last_of('\n') + 1);
}

} // namespace

int lasso_fuzz::minipy_one_input(const std::uint8_t* data, std::size_t size) {
    const std::string_view source(reinterpret_cast<const char*>(data), size);
    minipy::capture_run_options options;
    options.backend = "verify";
    options.run.max_steps = max_steps;
    options.run.memory_budget = memory_budget;
    std::ostringstream out, err;
    lasso::explain_report report;
    const int status = minipy::run_source_with_capture(source, "fuzz.py", out, err, options, &report);

    const std::string errors = err.str();
    auto tail = [&] { return errors.substr(errors.size() > 2000 ? errors.size() - 2000 : 0); };
    if (status != 0 && status != 1) fail("exit status " + std::to_string(status), tail());
    static const std::regex exception_line(R"(^[A-Za-z_][A-Za-z0-9_.]*(: .*)?$)");
    if (status == 1 && !std::regex_match(last_line(errors), exception_line))
        fail("an error that is not a Python exception", tail());
    // Errors and reasons quote the program's text (names, messages), so words the
    // program itself holds prove nothing.
    auto program_holds = [&](std::string_view words) { return source.find(words) != std::string_view::npos; };
    auto says = [&](std::string_view words) { return errors.find(words) != std::string::npos && !program_holds(words); };
    if (says("internal error") || says("SystemError")) fail("an internal error", tail());
    if (says("differs from the eager graph")) fail("a compiled graph differs from the eager graph", tail());
    if (program_holds("internal error")) return 0;
    for (const auto& frame : report.frames)
        for (const auto* records : {&frame.unsupported, &frame.breaks})
            for (const auto& r : *records)
                if (r.reason.find("internal error") != std::string::npos)
                    fail("lasso reports an internal error in " + frame.function, r.reason);
    return 0;
}

#ifdef LASSO_FUZZ_LIBFUZZER
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return lasso_fuzz::minipy_one_input(data, size);
}
#endif
