// The CPython 3.11 instruction set (examples/cpython/include/lasso_cpython/opcodes.hpp)
// on bytes that /usr/bin/python3.11 compiled from the functions quoted in each test (their
// co_code, co_linetable and co_exceptiontable, copied as numbers): decode splits
// LOAD_GLOBAL's NULL bit from its name and skips the CACHE units, backward jumps resolve, cells are read in the localsplus numbering (an argument that
// is a cell keeps its slot), exception and location tables unpack, stack analysis gives
// co_stacksize, and assembly writes every byte back. No Python is needed: constants
// are numbers here.
#include <lasso_cpython/opcodes.hpp>

#include <lasso/bytecode/assemble.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/exception_table.hpp>
#include <lasso/bytecode/location_table.hpp>
#include <lasso/bytecode/stack_analysis.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace lasso::bytecode;
namespace opnum = lasso_cpython::opnum;

namespace {

/// The 3.11 instruction set with numbers for constants (None is -1).
struct adapter : lasso_cpython::instruction_set {
    using value = std::int64_t;
    using code = code_fields<value>;
    static code read_code(const code& c) { return c; }
    static code make_code(code c) { return c; }
    static std::string constant_repr(const value& v) { return std::to_string(v); }
    static bool same_constant(const value& a, const value& b) { return a == b; }
};
static_assert(CodeAdapter<adapter>);
using traits = opcode_traits<adapter>;

/// A code as read from python3.11: its tables unpacked as the module's adapter does.
code_fields<std::int64_t> code_of(std::vector<std::uint8_t> bytes, int first_line, const std::vector<std::uint8_t>& lines,
                                  const std::vector<std::uint8_t>& exceptions = {}) {
    code_fields<std::int64_t> f;
    f.bytecode = std::move(bytes);
    f.first_line = first_line;
    f.line_table = unpack_location_table(lines, first_line, 2);
    f.exception_table = unpack_exception_table(exceptions, 2);
    return f;
}

std::vector<std::uint32_t> starts_of(const std::vector<instruction<adapter>>& instrs) {
    std::vector<std::uint32_t> out;
    for (const auto& inst : instrs) out.push_back(static_cast<std::uint32_t>(inst.offset));
    return out;
}

/// Assembles `instrs` again and checks every byte and table against the original.
void check_reassembles(std::vector<instruction<adapter>> instrs, const code_fields<std::int64_t>& original,
                       const std::vector<std::uint8_t>& lines, const std::vector<std::uint8_t>& exceptions, int stacksize) {
    auto fields = original;
    assemble<adapter>(instrs, fields);
    CHECK(fields.bytecode == original.bytecode);
    CHECK(pack_exception_table(fields.exception_table, 2) == exceptions);
    CHECK(pack_location_table(fields.line_table, starts_of(instrs), static_cast<std::uint32_t>(fields.bytecode.size()),
                              fields.first_line, 2) == lines);
    CHECK(analyze_stack<adapter>(instrs).max_depth == stacksize);
}

} // namespace

TEST_CASE("the 3.11 opcode table: real numbers, caches and the LOAD_GLOBAL flag") {
    static_assert(traits::check.ok());
    static_assert(traits::name(opnum::LOAD_GLOBAL) == "LOAD_GLOBAL" && traits::caches(opnum::LOAD_GLOBAL) == 5);
    static_assert(traits::caches(opnum::LOAD_METHOD) == 10 && traits::caches(opnum::CALL) == 4 &&
                  traits::caches(opnum::PRECALL) == 1 && traits::caches(opnum::BINARY_OP) == 1);
    static_assert(traits::split_argument(opnum::LOAD_GLOBAL, 7) == std::pair<std::int64_t, std::uint8_t>{3, 1});
    static_assert(traits::has_flag(opnum::LOAD_GLOBAL, 1, arg_flag::push_null));
    // LOAD_GLOBAL with its NULL bit pushes two values; without, one.
    static_assert(traits::effect(opnum::LOAD_GLOBAL, 0, false, 1) == stack_effect{0, 2});
    static_assert(traits::effect(opnum::LOAD_GLOBAL, 0, false, 0) == stack_effect{0, 1});
    // Codegen gets the plain forms: JUMP_BACKWARD (which checks for interrupts), NOP.
    static_assert(traits::find(op::jump, jump_kind::relative_backward) == opnum::JUMP_BACKWARD);
    static_assert(traits::find(op::nop) == opnum::NOP);
    // Opcodes lasso does not model are custom (a graph break), with CPython's stack effect.
    static_assert(traits::semantic(opnum::BUILD_STRING) == op::custom);
    static_assert(traits::effect(opnum::BUILD_STRING, 3, false).net() == -2);
    static_assert(traits::effect(opnum::UNPACK_EX, 0x0102, false).net() == 3);
    static_assert(traits::effect(opnum::SEND, 0, true).net() == -1 && traits::effect(opnum::SEND, 0, false).net() == 0);
}

TEST_CASE("LOAD_GLOBAL with its NULL bit and CACHE units: `return len(x)`") {
    // def call_global(x):        (line 2)
    //     return len(x)
    const std::vector<std::uint8_t> bytes{0x97, 0x00, 0x74, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                          0x00, 0x00, 0x00, 0x7c, 0x00, 0xa6, 0x01, 0x00, 0x00, 0xab, 0x01,
                                          0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x53, 0x00};
    const std::vector<std::uint8_t> lines{0x80, 0x00, 0xdd, 0x0b, 0x0e, 0x88, 0x71, 0x89, 0x36, 0x8c, 0x36, 0x80, 0x4d};
    auto fields = code_of(bytes, 2, lines);
    fields.names = {"len"};
    fields.varnames = {"x"};
    fields.constants = {-1};
    fields.argcount = 1;

    const auto instrs = decode<adapter>(fields);
    REQUIRE(instrs.size() == 6);
    CHECK(std::vector<std::uint32_t>{0, 2, 14, 16, 20, 30} == starts_of(instrs));
    const auto& load = instrs[1];
    CHECK(load.opcode == opnum::LOAD_GLOBAL);
    CHECK(load.arg == 0); // the name index, the NULL bit apart
    CHECK(load.has_flag(arg_flag::push_null));
    CHECK(*load.name_arg() == "len");
    CHECK(instrs[3].semantic == op::nop); // PRECALL
    CHECK(instrs[4].semantic == op::call);
    // Positions from the location table: RESUME at the first line, column 0; len at
    // columns 11-14 of line 3; the call 11-17; the return 4-17.
    CHECK(instrs[0].pos == position{2, 2, 0, 0});
    CHECK(load.pos == position{3, 3, 11, 14});
    CHECK(instrs[2].pos == position{3, 3, 15, 16});
    CHECK(instrs[4].pos == position{3, 3, 11, 17});
    CHECK(instrs[5].pos == position{3, 3, 4, 17});
    // NULL, len, x: co_stacksize 3.
    check_reassembles(instrs, fields, lines, {}, 3);
}

TEST_CASE("a backward jump: `while n: n -= 1`") {
    const std::vector<std::uint8_t> bytes{0x97, 0x00, 0x7c, 0x00, 0x72, 0x07, 0x7c, 0x00, 0x64, 0x01, 0x7a, 0x17,
                                          0x00, 0x00, 0x7d, 0x00, 0x7c, 0x00, 0xb0, 0x07, 0x7c, 0x00, 0x53, 0x00};
    const std::vector<std::uint8_t> lines{0x80, 0x00, 0xd8, 0x0a, 0x0b, 0xf0, 0x00, 0x01, 0x05, 0x0f, 0xd8, 0x08,
                                          0x09, 0x88, 0x51, 0x89, 0x06, 0x88, 0x01, 0xf0, 0x03, 0x00, 0x0b, 0x0c,
                                          0xf0, 0x00, 0x01, 0x05, 0x0f, 0xe0, 0x0b, 0x0c, 0x80, 0x48};
    auto fields = code_of(bytes, 5, lines);
    fields.varnames = {"n"};
    fields.constants = {-1, 1};
    fields.argcount = 1;

    const auto instrs = decode<adapter>(fields);
    REQUIRE(instrs.size() == 11);
    // POP_JUMP_FORWARD_IF_FALSE 7 at 4: 7 units past the next instruction (6), to 20;
    // BINARY_OP's cache unit makes STORE_FAST start at 14; POP_JUMP_BACKWARD_IF_TRUE 7 at
    // 18: 7 units back from 20, to 6.
    const auto target_offset = [&](std::size_t i) {
        for (const auto& inst : instrs)
            if (inst.id == instrs[i].target()->id) return inst.offset;
        return -1L;
    };
    CHECK(instrs[2].opcode == opnum::POP_JUMP_FORWARD_IF_FALSE);
    CHECK(target_offset(2) == 20);
    CHECK(instrs[6].offset == 14);
    CHECK(instrs[8].opcode == opnum::POP_JUMP_BACKWARD_IF_TRUE);
    CHECK(target_offset(8) == 6);
    // The loop statement spans lines 6-7 (a long-form entry).
    CHECK(instrs[2].pos == position{6, 7, 4, 14});
    check_reassembles(instrs, fields, lines, {}, 2);
}

TEST_CASE("cells in localsplus: an argument that is a cell keeps its slot") {
    // def make_adder(a):       (line 10)
    //     def add():
    //         return a + b
    //     b = 1
    //     return add
    // localsplus: a (argument and cell) 0, add 1, b 2.
    const std::vector<std::uint8_t> bytes{0x87, 0x00, 0x87, 0x02, 0x97, 0x00, 0x88, 0x00, 0x88, 0x02, 0x66, 0x02, 0x64,
                                          0x01, 0x84, 0x08, 0x7d, 0x01, 0x64, 0x02, 0x8a, 0x02, 0x7c, 0x01, 0x53, 0x00};
    const std::vector<std::uint8_t> lines{0xf8, 0xf8, 0x80, 0x00, 0xf0, 0x02, 0x01, 0x05, 0x15, 0xf0, 0x00,
                                          0x01, 0x05, 0x15, 0xf0, 0x00, 0x01, 0x05, 0x15, 0xf0, 0x00, 0x01,
                                          0x05, 0x15, 0xf0, 0x00, 0x01, 0x05, 0x15, 0xf0, 0x00, 0x01, 0x05,
                                          0x15, 0xe0, 0x08, 0x09, 0x80, 0x41, 0xd8, 0x0b, 0x0e, 0x80, 0x4a};
    auto fields = code_of(bytes, 10, lines);
    fields.varnames = {"a", "add"};
    fields.cellvars = {"a", "b"};
    fields.constants = {-1, 0, 1}; // the nested code object stands as 0
    fields.argcount = 1;
    fields.localsplus_kinds = {localsplus_kind::local | localsplus_kind::cell, localsplus_kind::local,
                               localsplus_kind::cell};

    const auto indexed = decode_indexed<adapter>(fields);
    REQUIRE(indexed.size() == 13);
    // MAKE_CELL 0 and MAKE_CELL 2 are lasso's cells 0 (a) and 1 (b).
    CHECK(indexed[0].opcode == opnum::MAKE_CELL);
    CHECK(indexed[0].arg == 0);
    CHECK(indexed[1].arg == 1);
    CHECK(indexed[10].opcode == opnum::STORE_DEREF);
    CHECK(indexed[10].arg == 1);
    const auto instrs = decode<adapter>(fields);
    CHECK(instrs[1].arg == 2); // the number as encoded
    CHECK(*instrs[1].name_arg() == "b");
    CHECK(*instrs[3].name_arg() == "a"); // LOAD_CLOSURE 0
    // The prefix instructions have no position (two entries of form 15).
    CHECK(instrs[0].pos.line == -1);
    CHECK(instrs[2].pos == position{10, 10, 0, 0});
    check_reassembles(instrs, fields, lines, {}, 2);
    // Kinds that disagree with the names are rejected.
    auto wrong = fields;
    wrong.localsplus_kinds[0] = localsplus_kind::local;
    CHECK_THROWS_AS(decode<adapter>(wrong), bytecode_error);
}

TEST_CASE("try/except: the exception table in code units, handlers and lasti") {
    const std::vector<std::uint8_t> bytes{0x97, 0x00, 0x09, 0x00, 0x7c, 0x00, 0x64, 0x01, 0x19, 0x00, 0x00, 0x00, 0x00, 0x00,
                                          0x00, 0x00, 0x00, 0x00, 0x53, 0x00, 0x23, 0x00, 0x74, 0x00, 0x00, 0x00, 0x00, 0x00,
                                          0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x24, 0x00, 0x72, 0x04, 0x01, 0x00, 0x59, 0x00,
                                          0x64, 0x00, 0x53, 0x00, 0x77, 0x00, 0x78, 0x03, 0x59, 0x00, 0x77, 0x01};
    const std::vector<std::uint8_t> lines{0x80, 0x00, 0xf0, 0x02, 0x03, 0x05, 0x14, 0xd8, 0x0f, 0x10, 0x90, 0x11, 0x8c,
                                          0x74, 0x88, 0x0b, 0xf8, 0xdd, 0x0b, 0x15, 0xf0, 0x00, 0x01, 0x05, 0x14, 0xf0,
                                          0x00, 0x01, 0x05, 0x14, 0xf0, 0x00, 0x01, 0x05, 0x14, 0xd8, 0x0f, 0x13, 0x88,
                                          0x74, 0x88, 0x74, 0xf0, 0x03, 0x01, 0x05, 0x14, 0xf8, 0xf8, 0xf8};
    const std::vector<std::uint8_t> exceptions{0x82, 0x07, 0x0a, 0x00, 0x8a, 0x0a, 0x18, 0x03, 0x97, 0x01, 0x18, 0x03};
    auto fields = code_of(bytes, 16, lines, exceptions);
    fields.names = {"IndexError"};
    fields.varnames = {"x"};
    fields.constants = {-1, 0};
    fields.argcount = 1;
    // [4, 18) -> 20 at depth 0; [20, 40) and [46, 48) -> 48 at depth 1 with lasti.
    REQUIRE(fields.exception_table.size() == 3);
    CHECK(fields.exception_table[0] == exception_entry{4, 18, 20, 0, false});
    CHECK(fields.exception_table[1] == exception_entry{20, 40, 48, 1, true});
    CHECK(fields.exception_table[2] == exception_entry{46, 48, 48, 1, true});
    const auto instrs = decode<adapter>(fields);
    CHECK(instrs[2].exception.has_value());
    // co_stacksize 4: the handler's lasti and exception on top of PUSH_EXC_INFO's two.
    check_reassembles(instrs, fields, lines, exceptions, 4);
}

TEST_CASE("malformed 3.11 bytecode is an error naming the offset") {
    auto fields = code_of({0x97, 0x00, 0x74, 0x01, 0x00, 0x00}, 1, {});
    fields.names = {"len"};
    // LOAD_GLOBAL's five cache units run past the end.
    CHECK_THROWS_WITH_AS(decode<adapter>(fields), doctest::Contains("offset 2"), bytecode_error);
    // An opcode 3.11 does not have.
    auto unknown = code_of({0x97, 0x00, 0x03, 0x00}, 1, {});
    CHECK_THROWS_WITH_AS(decode<adapter>(unknown), doctest::Contains("unknown opcode 3"), bytecode_error);
}
