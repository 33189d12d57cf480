// Cells numbered as the interpreter numbers them (lasso/bytecode/cells.hpp), on an
// encoding that numbers them in localsplus as CPython 3.11 does
// (tests/adapters/localsplus_adapter.hpp): the table check, the layout of a code with an
// argument that is a cell, decode and assembly by number, relocation, and a resume code
// of a function with cells.
#include "corpus.hpp"
#include "instruction_structure.hpp"
#include "localsplus_adapter.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace lasso::bytecode;
using lasso_test::constant;
using lasso_test::localsplus_adapter;
using lasso_test::structure;
using lasso_test::corpus::put;
using lasso_test::corpus::S;
namespace resume = lasso::resume;

namespace {

constexpr std::uint8_t local = localsplus_kind::local;
constexpr std::uint8_t cell = localsplus_kind::cell;
constexpr std::uint8_t free_var = localsplus_kind::free;

/// def f(x, y): (x is captured by a closure, so a cell; c a cell; z free)
///     c = x + y; t = g(); return c * z
/// Slots: 0 x (argument and cell), 1 y, 2 t, 3 c, 4 z.
code_fields<constant> with_cells() {
    code_fields<constant> f;
    f.name = "with_cells";
    f.argcount = 2;
    f.varnames = {"x", "y", "t"};
    f.cellvars = {"x", "c"};
    f.freevars = {"z"};
    f.names = {"g"};
    f.line_table = {{0, {1, 1, 0, 0}}, {8, {2, 2, 4, 13}}, {18, {3, 3, 4, 11}}, {42, {4, 4, 4, 16}}};
    auto& b = f.bytecode;
    // clang-format off
    put(b, S(op::make_cell), 0);          // 0   x: the argument becomes a cell
    put(b, S(op::make_cell), 3);          // 2   c
    put(b, S(op::copy_free_vars), 1);     // 4
    put(b, S(op::resume), 0);             // 6
    put(b, S(op::load_deref), 0);         // 8   x
    put(b, S(op::load_fast), 1);          // 10  y
    put(b, S(op::binary_op), 0, 1);       // 12  +
    put(b, S(op::store_deref), 3);        // 16  c
    put(b, S(op::load_global), 1, 5);     // 18  NULL + g
    put(b, S(op::call), 0, 4);            // 30
    put(b, S(op::store_fast), 2);         // 40  t
    put(b, S(op::load_deref), 3);         // 42  c
    put(b, S(op::load_deref), 4);         // 44  z
    put(b, S(op::binary_op), 5, 1);       // 46  *
    put(b, S(op::return_value), 0);       // 50
    // clang-format on
    return f;
}

std::vector<std::int64_t> cell_args(const std::vector<instruction<localsplus_adapter>>& instrs) {
    std::vector<std::int64_t> out;
    for (const auto& inst : instrs)
        if (inst.semantic == op::make_cell || inst.semantic == op::load_deref || inst.semantic == op::store_deref ||
            inst.semantic == op::load_closure)
            out.push_back(inst.arg);
    return out;
}
std::vector<std::string> cell_arg_names(const std::vector<instruction<localsplus_adapter>>& instrs) {
    std::vector<std::string> out;
    for (const auto& inst : instrs)
        if (inst.semantic == op::make_cell || inst.semantic == op::load_deref || inst.semantic == op::store_deref)
            out.push_back(*inst.name_arg());
    return out;
}

/// The localsplus table with make_cell made a custom opcode: cells cannot be made.
constexpr auto without_make_cell() {
    auto table = localsplus_adapter::opcodes;
    for (auto& info : table)
        if (info.semantic == op::make_cell) {
            info.semantic = op::custom;
            info.arg = arg_kind::none;
            info.effect = stack(0, 0);
        }
    return table;
}
} // namespace

TEST_CASE("an encoding that numbers cells in localsplus needs make_cell and copy_free_vars") {
    constexpr auto table = without_make_cell();
    constexpr auto check = check_opcode_table(table, localsplus_adapter::bytecode_encoding);
    static_assert(check.problem == opcode_table_problem::localsplus_cells_without_make_cell);
    static_assert(table[check.index].arg == arg_kind::cell); // the first opcode with a cell argument is named
    // Cells numbered apart from the locals need neither.
    static_assert(check_opcode_table(table, lasso_test::cache_adapter::bytecode_encoding).ok());
}

TEST_CASE("the localsplus layout: an argument that is a cell keeps its slot, other cells and free variables follow") {
    const auto f = with_cells();
    const cell_layout layout = cell_layout_of<localsplus_adapter>(f);
    REQUIRE(layout.size() == 3);
    CHECK(layout.numbers() == 5);
    CHECK(layout.number_of(0) == 0); // x
    CHECK(layout.number_of(1) == 3); // c
    CHECK(layout.number_of(2) == 4); // z
    CHECK(layout.index_of(0) == std::optional<std::size_t>(0));
    CHECK_FALSE(layout.index_of(1)); // y: a local, no cell
    CHECK_FALSE(layout.index_of(2));
    CHECK(layout.index_of(3) == std::optional<std::size_t>(1));
    CHECK(layout.index_of(4) == std::optional<std::size_t>(2));
    CHECK_FALSE(layout.index_of(5));
    CHECK_FALSE(layout.index_of(-1));
    CHECK(localsplus_kinds_of(f) == std::vector<std::uint8_t>{local | cell, local, local, cell, free_var});
    CHECK(cell_names_by_number<localsplus_adapter>(f) == std::vector<std::string>{"x", "", "", "c", "z"});

    // The separate numbering of the same code: the number is the index.
    const cell_layout separate = cell_layout_of<lasso_test::cache_adapter>(f);
    CHECK(separate.numbers() == 3);
    for (std::size_t i = 0; i < 3; ++i) CHECK(separate.number_of(i) == i);
    CHECK(cell_names_by_number<lasso_test::cache_adapter>(f) == std::vector<std::string>{"x", "c", "z"});
}

TEST_CASE("decode reads cell numbers as slots: indexes for the translator, numbers and names for editing") {
    const auto f = with_cells();
    const auto indexed = decode_indexed<localsplus_adapter>(f);
    std::vector<std::int64_t> indexes;
    std::vector<std::string> names;
    for (const auto& inst : indexed)
        if (inst.kind() == arg_kind::cell) {
            indexes.push_back(inst.arg);
            names.push_back(*arg_name(inst, f));
        }
    CHECK(indexes == std::vector<std::int64_t>{0, 1, 0, 1, 1, 2});
    CHECK(names == std::vector<std::string>{"x", "c", "x", "c", "c", "z"});

    const auto decoded = decode<localsplus_adapter>(f);
    CHECK(cell_args(decoded) == std::vector<std::int64_t>{0, 3, 0, 3, 3, 4}); // as encoded
    CHECK(cell_arg_names(decoded) == names);
    CHECK(disassemble<localsplus_adapter>(decoded).find("4 (z)") != std::string::npos); // the raw number

    // Kinds that agree with the names are accepted; others are not.
    auto with_kinds = f;
    with_kinds.localsplus_kinds = localsplus_kinds_of(f);
    CHECK_NOTHROW(decode_indexed<localsplus_adapter>(with_kinds));
    with_kinds.localsplus_kinds[1] = cell;
    CHECK_THROWS_WITH_AS(decode_indexed<localsplus_adapter>(with_kinds), doctest::Contains("localsplus kinds disagree"),
                         bytecode_error);
}

TEST_CASE("decode rejects a cell argument that is a plain local or past the last slot") {
    auto f = with_cells();
    f.bytecode[9] = 1; // load_deref y
    CHECK_THROWS_WITH_AS(decode_indexed<localsplus_adapter>(f), doctest::Contains("slot 1 is a local, not a cell"),
                         bytecode_error);
    f.bytecode[9] = 5;
    CHECK_THROWS_WITH_AS(decode_indexed<localsplus_adapter>(f),
                         doctest::Contains("cell variable index 5 out of range (5 entries)"), bytecode_error);
}

TEST_CASE("assembly numbers cells after the locals it adds, and writes the kinds") {
    const auto f = with_cells();
    auto instrs = decode<localsplus_adapter>(f);
    auto same = f;
    assemble<localsplus_adapter>(instrs, same);
    CHECK(same.bytecode == f.bytecode);
    CHECK(same.localsplus_kinds == localsplus_kinds_of(f));

    // A new local takes slot 3: c and z move up one, x stays in its argument's slot.
    auto edited = decode<localsplus_adapter>(f);
    insert_instructions<localsplus_adapter>(
        edited, 4,
        {create_instruction<localsplus_adapter>(op::load_const, constant_arg<constant>{std::int64_t{7}}),
         create_instruction<localsplus_adapter>(op::store_fast, std::string("extra"))});
    auto grown = f;
    finish_code<localsplus_adapter>(edited, grown);
    CHECK(grown.varnames == std::vector<std::string>{"x", "y", "t", "extra"});
    CHECK(grown.localsplus_kinds == std::vector<std::uint8_t>{local | cell, local, local, local, cell, free_var});
    const auto again = decode<localsplus_adapter>(grown);
    CHECK(cell_args(again) == std::vector<std::int64_t>{0, 4, 0, 4, 4, 5});
    CHECK(cell_arg_names(again) == cell_arg_names(decode<localsplus_adapter>(f)));
    CHECK(structure(again) == structure(edited));
}

TEST_CASE("relocated bytes get the cell numbers of the cell map, locals those of the local map") {
    const auto f = with_cells();
    std::vector<std::uint8_t> out = {S(op::nop), 0};
    const std::vector<std::size_t> locals = {0, 1, 2};
    const std::vector<std::size_t> cells = {5, 1, 2, 6, 7}; // by slot: x, (y), (t), c, z
    REQUIRE(append_relocated<localsplus_adapter>(out, f.bytecode, locals, cells));
    auto moved = f;
    moved.bytecode = out;
    // Five locals, none of them a cell: x, c and z are slots 5, 6 and 7.
    moved.varnames = {"p", "y", "t", "a", "b"};
    const auto again = decode<localsplus_adapter>(moved);
    CHECK(cell_args(again) == std::vector<std::int64_t>{5, 6, 5, 6, 6, 7});
    CHECK(cell_arg_names(again) == cell_arg_names(decode<localsplus_adapter>(f)));
    CHECK(again[6].semantic == op::load_fast);
    CHECK(*again[6].name_arg() == "y"); // the local map left it alone

    // A number that needs an extended-arg prefix the instruction does not have: no copy.
    std::vector<std::uint8_t> none = {S(op::nop), 0};
    const std::vector<std::size_t> wide = {300, 1, 2, 3, 4};
    CHECK_FALSE(append_relocated<localsplus_adapter>(none, f.bytecode, locals, wide));
    CHECK(none.size() == 2);
}

TEST_CASE("a resume code of a function with cells takes them all from its closure, in slots after its own locals") {
    const auto original = with_cells();
    const resume::resume_source<localsplus_adapter> source(original);
    REQUIRE(source.depths.before.size() == source.decoded.size());
    const std::size_t target = 10; // store_fast t, the call's result on the stack
    REQUIRE(source.decoded[target].semantic == op::store_fast);
    const std::vector<resume::stack_slot> stack(1);
    const std::vector<std::string> live{"y"};
    auto flags = [](std::uint32_t f) { return f; };
    const auto copied = resume::make_resume_code<localsplus_adapter>(source, target, stack, live, flags);
    const auto assembled = resume::make_resume_code<localsplus_adapter>(source, target, stack, live, flags, true);
    for (const auto* made : {&copied, &assembled}) {
        const auto fields = localsplus_adapter::read_code(made->code);
        CHECK(fields.varnames == std::vector<std::string>{"__lasso_stack_0", "y", "x", "t"});
        CHECK(fields.argcount == 2);
        CHECK(fields.posonly_argcount == 0);
        CHECK(fields.cellvars.empty());
        CHECK(fields.freevars == std::vector<std::string>{"x", "c", "z"}); // cell variables, then free ones
        CHECK(fields.qualname == fields.name);
        // x is both a plain local (slot 2, unused) and a free variable (slot 4).
        CHECK(fields.localsplus_kinds ==
              std::vector<std::uint8_t>{local, local, local, local, free_var, free_var, free_var});
    }
    const auto a = decode<localsplus_adapter>(localsplus_adapter::read_code(copied.code));
    const auto b = decode<localsplus_adapter>(localsplus_adapter::read_code(assembled.code));
    CHECK(structure(a) == structure(b));
    // One copy_free_vars of all three cells replaces the original's make_cell and copy_free_vars.
    REQUIRE(a.front().semantic == op::copy_free_vars);
    CHECK(a.front().arg == 3);
    CHECK(std::none_of(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(copied.prologue),
                       [](const auto& inst) { return inst.semantic == op::make_cell; }));
    // The original follows with every cell argument renumbered: x 4, c 5, z 6.
    const std::vector after(a.begin() + static_cast<std::ptrdiff_t>(copied.prologue), a.end());
    CHECK(cell_arg_names(after) == cell_arg_names(source.decoded));
    CHECK(cell_args(after) == std::vector<std::int64_t>{4, 5, 4, 5, 5, 6});
    CHECK(cell_args(b) == cell_args(a));
}
