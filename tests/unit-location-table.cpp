// CPython 3.11's packed location table (lasso/bytecode/location_table.hpp) on a test
// encoding written out by hand: every entry form, an instruction longer than one entry,
// line deltas counted from the first line and skipped by entries without position, and
// the errors malformed tables raise.
#include <lasso/bytecode/location_table.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using namespace lasso::bytecode;

namespace {
// Seven instructions of two-byte units; the sixth is ten units long.
const std::vector<std::uint32_t> starts{0, 2, 4, 6, 8, 10, 30};
constexpr std::uint32_t code_size = 32;
constexpr int first_line = 10;

const std::vector<line_entry> rows{
    {0, {}},                 // no position
    {2, {10, 10, 5, 9}},     // short: line unchanged, column < 80, width < 16
    {4, {12, 12, 100, 120}}, // one line, two lines down
    {6, {11, 11, -1, -1}},   // no columns, one line up
    {8, {11, 13, 4, 200}},   // long: spans lines
    {10, {11, 11, 0, 1}},    // short, over ten units: two entries
    {30, {75, 75, 0, 0}},    // long: too far down for the one-line form
};

const std::vector<std::uint8_t> packed{
    0xf8,                               // form 15, 1 unit
    0x80, 0x54,                         // form 0: column 5 = 0 * 8 + 5, width 4
    0xe0, 0x64, 0x78,                   // form 12: line + 2, columns 100 and 120
    0xe8, 0x03,                         // form 13: line delta -1
    0xf0, 0x00, 0x02, 0x05, 0x49, 0x03, // form 14: delta 0, end line + 2, column 4 + 1, end column 200 + 1
    0x87, 0x01,                         // form 0 over 8 units: column 0, width 1
    0x81, 0x01,                         // ... and the last 2 units
    0xf0, 0x40, 0x02, 0x00, 0x01, 0x01, // form 14: delta 64
};
} // namespace

TEST_CASE("3.11 location table: every form, packed as CPython's compiler packs it") {
    CHECK(pack_location_table(rows, starts, code_size, first_line) == packed);
    CHECK(unpack_location_table(packed, first_line) == rows);
}

TEST_CASE("3.11 location table: one entry per instruction, even at one position") {
    // Two instructions at one position are two entries; a row that starts inside an
    // instruction is not where an entry starts.
    const std::vector<line_entry> one{{0, {10, 10, 0, 3}}};
    const std::vector<std::uint8_t> two_entries{0x80, 0x03, 0x80, 0x03};
    CHECK(pack_location_table(one, std::vector<std::uint32_t>{0, 2}, 4, 10) == two_entries);
    // Reading merges them into one row.
    CHECK(unpack_location_table(two_entries, 10) == one);
}

TEST_CASE("3.11 location table: a column without an end column takes the long form") {
    const std::vector<line_entry> rows_without_end{{0, {10, 10, 3, -1}}};
    const std::vector<std::uint8_t> expected{0xf0, 0x00, 0x00, 0x04, 0x00};
    CHECK(pack_location_table(rows_without_end, std::vector<std::uint32_t>{0}, 2, 10) == expected);
    CHECK(unpack_location_table(expected, 10) == rows_without_end);
}

TEST_CASE("3.11 location table: malformed input") {
    CHECK_THROWS_WITH_AS(unpack_location_table(std::vector<std::uint8_t>{0x03}, 1), doctest::Contains("start marker"),
                         bytecode_error);
    CHECK_THROWS_WITH_AS(unpack_location_table(std::vector<std::uint8_t>{0xf0, 0x00}, 1), doctest::Contains("truncated"),
                         bytecode_error);
    CHECK_THROWS_WITH_AS(unpack_location_table(std::vector<std::uint8_t>{0xe0, 0x01, 0x80}, 1),
                         doctest::Contains("ends too early"), bytecode_error);
    CHECK_THROWS_WITH_AS(pack_location_table(rows, std::vector<std::uint32_t>{0, 3}, 4, 1),
                         doctest::Contains("whole code units"), bytecode_error);
}
