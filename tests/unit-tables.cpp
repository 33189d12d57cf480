// Exception tables and line tables: packed forms and their round trips.
#include <lasso/lasso.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace lasso::bytecode;

namespace {
std::vector<std::uint8_t> from_hex(const std::string& hex) {
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        out.push_back(static_cast<std::uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return out;
}
} // namespace

TEST_CASE("exception table packs exactly as CPython 3.11 does") {
    // co_exceptiontable of a CPython 3.11 function with try/except nested in try/finally,
    // and the entries dis._parse_exception_table reports for it.
    const auto cpython = from_hex("8305090088011e00890c180395021e009701180398031e009e042203");
    const std::vector<exception_entry> entries{
        {6, 16, 18, 0, false}, {16, 18, 60, 0, false}, {18, 42, 48, 1, true}, {42, 46, 60, 0, false},
        {46, 48, 48, 1, true}, {48, 54, 60, 0, false}, {60, 68, 68, 1, true},
    };
    CHECK(unpack_exception_table(cpython, 2) == entries);
    CHECK(pack_exception_table(entries, 2) == cpython);
}

TEST_CASE("exception table handles large values") {
    const std::vector<exception_entry> entries{{0, 70000, 123456, 300, true}, {70000, 70002, 4, 0, false}};
    CHECK(unpack_exception_table(pack_exception_table(entries)) == entries);
}

TEST_CASE("malformed exception tables are errors, not crashes") {
    CHECK_THROWS_WITH_AS(unpack_exception_table(from_hex("05")), doctest::Contains("start marker"), bytecode_error);
    CHECK_THROWS_WITH_AS(unpack_exception_table(from_hex("8305")), doctest::Contains("truncated"), bytecode_error);
    CHECK_THROWS_WITH_AS(unpack_exception_table(from_hex("c0c0c0c0c0c0c000")), doctest::Contains("too long"),
                         bytecode_error);
}

TEST_CASE("line table round trip") {
    const std::vector<line_entry> rows{
        {0, {1, 1, 0, 10}}, {4, {2, 3, 4, 1}}, {10, {2, 2, 4, 12}}, {12, {1, 1, 0, 3}}, {300, {-1, -1, -1, -1}},
    };
    CHECK(unpack_line_table(pack_line_table(rows)) == rows);
    CHECK(unpack_line_table(std::vector<std::uint8_t>{}).empty());
}

TEST_CASE("malformed line tables are errors, not crashes") {
    CHECK_THROWS_WITH_AS(unpack_line_table(from_hex("02")), doctest::Contains("truncated"), bytecode_error);
    CHECK_THROWS_WITH_AS(unpack_line_table(from_hex("ffffffffffffffffffff01")), doctest::Contains("too long"),
                         bytecode_error);
    // A start offset that moves backwards.
    CHECK_THROWS_WITH_AS(unpack_line_table(from_hex("0400000000"
                                                    "0100000000")),
                         doctest::Contains("backwards"), bytecode_error);
    // Line 1000, then a line delta of 2^63 - 1: rejected before the sum overflows.
    CHECK_THROWS_WITH_AS(unpack_line_table(from_hex("00d00f000000"
                                                    "00feffffffffffffffff01")),
                         doctest::Contains("out of range"), bytecode_error);
}
