// The constants of the compact instruction set (compact_adapter.hpp) and of lasso's test
// adapters: None, integers, floats and strings.
#pragma once

#include <lasso/lasso.hpp>

#include <cstdint>
#include <string>
#include <variant>

namespace lasso_test {

struct none_t {
    friend bool operator==(none_t, none_t) = default;
};
using constant = std::variant<none_t, std::int64_t, double, std::string>;

inline std::string constant_text(const constant& c) {
    if (std::holds_alternative<none_t>(c)) return "None";
    if (auto* i = std::get_if<std::int64_t>(&c)) return std::to_string(*i);
    if (auto* d = std::get_if<double>(&c)) return std::to_string(*d);
    return "'" + std::get<std::string>(c) + "'";
}

/// A code object stored the way a real interpreter might: raw bytes plus packed
/// exception and line tables, so that the library's codecs are exercised.
struct packed_code {
    lasso::bytecode::code_fields<constant> fields; // tables below are authoritative
    std::vector<std::uint8_t> packed_exceptions;
    std::vector<std::uint8_t> packed_lines;
};

template <std::uint32_t Unit> struct code_io {
    static lasso::bytecode::code_fields<constant> read(const packed_code& code) {
        auto f = code.fields;
        f.exception_table = lasso::bytecode::unpack_exception_table(code.packed_exceptions, Unit);
        f.line_table = lasso::bytecode::unpack_line_table(code.packed_lines);
        return f;
    }
    static packed_code make(lasso::bytecode::code_fields<constant> f) {
        packed_code code;
        code.packed_exceptions = lasso::bytecode::pack_exception_table(f.exception_table, Unit);
        code.packed_lines = lasso::bytecode::pack_line_table(f.line_table);
        f.exception_table.clear();
        f.line_table.clear();
        code.fields = std::move(f);
        return code;
    }
};

} // namespace lasso_test
