// Small programs of the compact instruction set and helpers to run them, shared by the
// runtime tests (unit-runtime.cpp, unit-runtime-adapters.cpp).
#pragma once

#include "tiny_exec.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lasso_test::runtime_programs {
namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;

inline tiny::value vec(std::vector<double> data) {
    const auto n = static_cast<std::int64_t>(data.size());
    return tiny::make(tiny::tensor{{"f64", {n}}, std::move(data)});
}
inline const std::vector<double>& data_of(const tiny::value& v) { return std::get<tiny::tensor>(v->data).data; }

/// def f(x, y): return (relu(x + y) * 2, x, 7)
inline std::shared_ptr<tiny::exec_code> code_f() {
    lasso::bytecode::code_fields<tiny::value> code;
    code.name = "f";
    code.filename = "model.py";
    code.first_line = 3;
    code.argcount = 2;
    code.varnames = {"x", "y"};
    code.names = {"relu"};
    code.constants = {tiny::make(std::int64_t{2}), tiny::make(std::int64_t{7})};
    code.bytecode = {
        // clang-format off
        C::START, 0,    // 0
        C::PUSHNULL,    // 2
        C::LDG, 0, 0,   // 3  relu
        C::LDL, 0,      // 6  x
        C::LDL, 1,      // 8  y
        C::BINOP, 0,    // 10 +
        C::CALL, 1,     // 12 relu(x + y)
        C::LDC, 0, 0,   // 14 2
        C::BINOP, 5,    // 17 *
        C::LDL, 0,      // 19 x
        C::LDC, 1, 0,   // 21 7
        C::TUPLE, 3,    // 24
        C::RET,         // 26
        // clang-format on
    };
    code.line_table = {{0, {4, 4, 4, 40}}};
    return tiny::exec_adapter::make_code(std::move(code));
}

/// A frame of `code` with locals x and y and the builtins relu and print as globals.
inline tiny::exec_frame frame_of(std::shared_ptr<tiny::exec_code> code, tiny::value x, tiny::value y) {
    tiny::exec_frame f;
    f.code = std::move(code);
    f.locals = {x, y};
    // The same builtin objects every time, as an interpreter's builtins are.
    static const tiny::value relu = tiny::make(tiny::builtin_fn{"relu"});
    static const tiny::value print = tiny::make(tiny::builtin_fn{"print"});
    f.globals["relu"] = relu;
    f.globals["print"] = print;
    return f;
}

inline void check_f_result(const tiny::value& result, const tiny::value& x, const std::vector<double>& expected) {
    const auto& items = std::get<tiny::tuple>(result->data).items;
    REQUIRE(items.size() == 3);
    CHECK(data_of(items[0]) == expected);
    CHECK(items[1] == x); // the input itself, reloaded from its source
    CHECK(std::get<std::int64_t>(items[2]->data) == 7);
}

/// The fields of a function `name(x)` of model.py at `first_line`, reading `names`.
inline lasso::bytecode::code_fields<tiny::value> function_of_x(const char* name, int first_line,
                                                               std::vector<std::string> names) {
    lasso::bytecode::code_fields<tiny::value> code;
    code.name = name;
    code.filename = "model.py";
    code.first_line = first_line;
    code.argcount = 1;
    code.varnames = {"x"};
    code.names = std::move(names);
    return code;
}

/// def g(x): print(x); return x + x
inline std::shared_ptr<tiny::exec_code> code_with_print() {
    auto code = function_of_x("g", 10, {"print"});
    code.bytecode = {C::START, 0,      C::PUSHNULL, C::LDG, 0,      0, C::LDL,   0, C::CALL,
                     1,        C::POP, C::LDL,      0,      C::LDL, 0, C::BINOP, 0, C::RET};
    code.line_table = {{0, {11, 11, 4, 12}}, {11, {12, 12, 4, 16}}};
    return tiny::exec_adapter::make_code(std::move(code));
}

/// A code of the compact set with these locals, names, constants and bytes (line 1).
inline std::shared_ptr<tiny::exec_code> code_of(std::string name, int argcount, std::vector<std::string> varnames,
                                                std::vector<std::string> names, std::vector<std::uint8_t> bytes) {
    lasso::bytecode::code_fields<tiny::value> code;
    code.name = std::move(name);
    code.filename = "helpers.py";
    code.argcount = argcount;
    code.varnames = std::move(varnames);
    code.names = std::move(names);
    code.bytecode = std::move(bytes);
    code.line_table = {{0, {1, 1, 0, 1}}};
    return tiny::exec_adapter::make_code(std::move(code));
}

} // namespace lasso_test::runtime_programs
