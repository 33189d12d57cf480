// Inline cache units and argument flag bits (tests/adapters/cache_adapter.hpp, laid out
// as CPython 3.11 lays out bytecode): the opcode table's facts and checks, decode and
// assembly byte for byte over hand-written bytes, jumps, exception ranges and line rows
// that count the caches, a load_global whose argument is `name << 1 | push_null` with
// its stack effect, and the code lasso makes itself (templates, resume codes) with its
// caches and shifted arguments.
#include "corpus.hpp"
#include "instruction_structure.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace lasso::bytecode;
using lasso_test::cache_adapter;
using lasso_test::constant;
using lasso_test::structure;
using traits = opcode_traits<cache_adapter>;
using lasso_test::corpus::B;
using lasso_test::corpus::S;
using lasso_test::corpus::put;
namespace resume = lasso::resume;
namespace corpus = lasso_test::corpus;

namespace {

template <class Instructions> std::size_t at_offset(const Instructions& instrs, long offset) {
    for (std::size_t i = 0; i < instrs.size(); ++i)
        if (static_cast<long>(instrs[i].offset) == offset) return i;
    FAIL("no instruction at offset " << offset);
    return 0;
}

std::vector<op> ops_of(const std::vector<instruction<cache_adapter>>& instrs) {
    std::vector<op> out;
    for (const auto& inst : instrs) out.push_back(inst.semantic);
    return out;
}

/// The cache adapter with cache units of its own making.
struct marked_cache_adapter : cache_adapter {
    static constexpr encoding bytecode_encoding{encoding_kind::fixed_width, cache_adapter::bytecode_encoding.extended_arg, 2,
                                                cache_unit{2, {0xca, 0xfe}}};
};
} // namespace

TEST_CASE("the opcode table's caches and flags, and what it derives from them") {
    static_assert(traits::caches(S(op::load_global)) == 5);
    static_assert(traits::cache_bytes(S(op::call)) == 8);
    static_assert(traits::caches(S(op::jump)) == 0 && traits::caches(B(op::jump)) == 1);
    static_assert(traits::caches(S(op::load_fast)) == 0);
    static_assert(!opcode_traits<lasso_test::semantic_adapter>::has_caches);
    static_assert(traits::flag_count(S(op::load_global)) == 1 && traits::flag_count(S(op::load_attr)) == 0);
    static_assert(traits::uses_flag(arg_flag::push_null) && !traits::uses_flag(arg_flag::opaque));
    // name index 3 with its NULL bit <-> 7
    static_assert(traits::split_argument(S(op::load_global), 7) == std::pair<std::int64_t, std::uint8_t>{3, 1});
    static_assert(traits::join_argument(S(op::load_global), 3, 1) == 7);
    static_assert(traits::join_argument(S(op::load_attr), 3, 1) == 3); // no flags: nothing to join
    // The flag's NULL is one more push; the op itself is unchanged.
    static_assert(traits::effect(S(op::load_global), 3, false, 0) == stack_effect{0, 1});
    static_assert(traits::effect(S(op::load_global), 3, false, 1) == stack_effect{0, 2});
    static_assert(traits::pushed_nulls(S(op::load_global), 1) == 1 && traits::pushed_nulls(S(op::load_fast), 1) == 0);
    CHECK(traits::caches(S(op::load_method)) == 10);
}

namespace {
constexpr std::array caches_on_prefix{
    opcode_info{"EXT", 1, op::extended_arg, arg_kind::immediate, jump_kind::none, {}, 0, 1},
};
constexpr std::array caches_in_empty_units{
    opcode_info{"CALL", 1, op::call, arg_kind::immediate, jump_kind::none, {}, 0, 4},
};
constexpr std::array flags_without_argument{
    opcode_info{"PUSH_NULL", 1, op::push_null, arg_kind::none, jump_kind::none, {}, 0, 0, {arg_flag::opaque}},
};
constexpr std::array flags_with_a_gap{
    opcode_info{"LOAD_GLOBAL",
                1,
                op::load_global,
                arg_kind::name,
                jump_kind::none,
                {},
                0,
                0,
                {arg_flag::push_null, arg_flag::none, arg_flag::opaque}},
};
constexpr std::array null_flag_on_op_that_pops{
    opcode_info{"LOAD_ATTR", 1, op::load_attr, arg_kind::name, jump_kind::none, {}, 0, 0, {arg_flag::push_null}},
};
constexpr std::array fine_flags{
    opcode_info{"LOAD_GLOBAL", 1, op::load_global, arg_kind::name, jump_kind::none, {}, 0, 5, {arg_flag::push_null}},
    opcode_info{"LOAD_ATTR", 2, op::load_attr, arg_kind::name, jump_kind::none, {}, 0, 4, {arg_flag::opaque}},
};
constexpr encoding with_prefix{encoding_kind::fixed_width, 1, 2};
} // namespace

TEST_CASE("the opcode table check rejects caches and flags that cannot be") {
    static_assert(check_opcode_table(caches_on_prefix, with_prefix).problem == opcode_table_problem::bad_inline_caches);
    static_assert(check_opcode_table(caches_on_prefix).ok()); // without a prefix in the encoding it is a plain opcode
    static_assert(
        check_opcode_table(caches_in_empty_units, encoding{encoding_kind::fixed_width, -1, 2, cache_unit{0}}).problem ==
        opcode_table_problem::bad_inline_caches);
    static_assert(check_opcode_table(flags_without_argument).problem == opcode_table_problem::bad_argument_flags);
    static_assert(check_opcode_table(flags_with_a_gap).problem == opcode_table_problem::bad_argument_flags);
    static_assert(check_opcode_table(null_flag_on_op_that_pops).problem == opcode_table_problem::bad_argument_flags);
    static_assert(check_opcode_table(fine_flags).ok());
    CHECK(check_opcode_table(fine_flags).ok()); // the static_asserts above are the test
}

TEST_CASE("decode skips inline caches: instructions start after them, jumps and ranges count them") {
    const auto f = corpus::cached_loop_and_try();
    const auto instrs = decode<cache_adapter>(f);
    REQUIRE(instrs.size() == corpus::cached_loop_and_try_offsets.size());
    for (std::size_t i = 0; i < instrs.size(); ++i) CHECK(instrs[i].offset == corpus::cached_loop_and_try_offsets[i]);
    const auto index = [&](instruction_id id) {
        for (std::size_t i = 0; i < instrs.size(); ++i)
            if (instrs[i].id == id) return i;
        return instrs.size();
    };
    // Jumps: forward over cached instructions, backward from after the jump's own cache.
    CHECK(index(instrs[at_offset(instrs, 32)].target()->id) == at_offset(instrs, 52)); // for_iter's exit
    CHECK(index(instrs[at_offset(instrs, 48)].target()->id) == at_offset(instrs, 32)); // the loop
    CHECK(index(instrs[at_offset(instrs, 54)].target()->id) == at_offset(instrs, 84)); // the if
    CHECK(index(instrs[at_offset(instrs, 94)].target()->id) == at_offset(instrs, 84)); // out of the handler
    // The try range covers the cached load_global and call, and ends after the call's caches.
    for (long offset : {58L, 70L, 72L, 82L}) {
        const auto& inst = instrs[at_offset(instrs, offset)];
        REQUIRE(inst.exception);
        CHECK(index(inst.exception->target) == at_offset(instrs, 88));
    }
    CHECK_FALSE(instrs[at_offset(instrs, 54)].exception);
    CHECK_FALSE(instrs[at_offset(instrs, 84)].exception);
    // Lines: a row starts at an instruction after caches.
    CHECK(instrs[at_offset(instrs, 20)].pos.line == 3);
    CHECK(instrs[at_offset(instrs, 36)].pos == position{3, 3, 8, 9});
    CHECK(instrs[at_offset(instrs, 46)].pos == position{3, 3, 24, 37});
    // The flagged load_global: its name index and its flag, apart.
    const auto& range = instrs[at_offset(instrs, 6)];
    CHECK(*range.name_arg() == "range");
    CHECK(range.arg == 1);
    CHECK(range.flags == 1);
    CHECK(range.has_flag(arg_flag::push_null));
    CHECK(*instrs[at_offset(instrs, 58)].name_arg() == "print");
    CHECK_FALSE(instrs[at_offset(instrs, 38)].has_flag(arg_flag::push_null));

    // The indexed form agrees: the name index and the flag, positions of jump targets.
    const auto indexed = decode_indexed<cache_adapter>(f);
    REQUIRE(indexed.size() == instrs.size());
    const auto& indexed_range = indexed[at_offset(indexed, 6)];
    CHECK(*arg_name(indexed_range, f) == "range");
    CHECK(indexed_range.has_flag(arg_flag::push_null));
    CHECK(indexed[at_offset(indexed, 32)].target == at_offset(indexed, 52));
    CHECK(sizeof(indexed_instruction<cache_adapter>) == 32);

    // Whatever the caches hold while an interpreter runs the code, the instructions are the same.
    CHECK(structure(decode<cache_adapter>(corpus::cached_loop_and_try(0x5a))) == structure(instrs));
}

TEST_CASE("decode rejects jumps and ranges into caches, and caches past the end") {
    SUBCASE("a jump into the caches of a call") {
        auto f = corpus::cached_loop_and_try();
        f.bytecode[55] = 11; // pop_jump_if_false to 58 + 2 * 11 = 80: inside the call's caches
        CHECK_THROWS_WITH_AS(decode<cache_adapter>(f), doctest::Contains("is not the start of an instruction"),
                             bytecode_error);
    }
    SUBCASE("a range that ends inside caches") {
        auto f = corpus::cached_loop_and_try();
        f.exception_table[0].end = 76;
        CHECK_THROWS_WITH_AS(decode<cache_adapter>(f), doctest::Contains("range does not end at an instruction"),
                             bytecode_error);
    }
    SUBCASE("caches cut off by the end of the code") {
        code_fields<constant> f;
        f.names = {"g"};
        put(f.bytecode, S(op::load_global), 0, 4); // one unit short
        CHECK_THROWS_WITH_AS(decode<cache_adapter>(f), doctest::Contains("inline caches of load_global past the end"),
                             bytecode_error);
    }
}

TEST_CASE("assembly gives back the offsets and the jump arguments, counted over caches") {
    // (decode -> assemble gives the same bytes and tables: tests/unit-decode-assemble.cpp)
    const auto f = corpus::cached_loop_and_try();
    auto instrs = decode<cache_adapter>(f);
    for (auto& inst : instrs) inst.offset = -1;
    code_fields<constant> again = f;
    assemble<cache_adapter>(instrs, again);
    for (std::size_t i = 0; i < instrs.size(); ++i) CHECK(instrs[i].offset == corpus::cached_loop_and_try_offsets[i]);
    CHECK(instrs[at_offset(instrs, 32)].arg == 8);  // for_iter: 8 units from 36 to 52
    CHECK(instrs[at_offset(instrs, 48)].arg == 10); // jump_backward: 10 units from 52 back to 32
    CHECK(instrs[at_offset(instrs, 54)].arg == 13); // pop_jump_if_false: 13 units from 58 to 84
}

TEST_CASE("assembly after edits: jumps over new cached instructions, extended args, shifted flagged arguments") {
    const auto f = corpus::cached_loop_and_try();
    auto instrs = decode<cache_adapter>(f);
    code_fields<constant> fields = f;
    // 60 x (total = total + 0) in the loop body: 10 bytes each, so the backward jump needs
    // 280 units and an extended-arg prefix.
    std::vector<instruction<cache_adapter>> body;
    for (int k = 0; k < 60; ++k) {
        body.push_back(create_instruction<cache_adapter>(op::load_fast, std::string("total")));
        body.push_back(create_instruction<cache_adapter>(op::load_const, constant_arg<constant>{std::int64_t{0}}));
        body.push_back(create_instruction<cache_adapter>(op::binary_op, std::int64_t{0}));
        body.push_back(create_instruction<cache_adapter>(op::store_fast, std::string("total")));
    }
    insert_instructions(instrs, at_offset(instrs, 48), body);
    // A global of name index 200 (after print and range): its argument 401 needs a prefix too.
    for (int k = 0; k < 200; ++k) fields.names.push_back("g" + std::to_string(k));
    auto global = create_instruction<cache_adapter>(op::load_global, std::string("g198"));
    CHECK(global.set_flag(arg_flag::push_null));
    auto drop = create_instruction<cache_adapter>(op::pop_top);
    auto drop_null = create_instruction<cache_adapter>(op::pop_top);
    insert_instructions(instrs, at_offset(instrs, 84), {global, drop, drop_null});
    const auto expected = structure(instrs);
    assemble<cache_adapter>(instrs, fields);

    const auto again = decode<cache_adapter>(fields);
    CHECK(structure(again) == expected);
    CHECK(analyze_stack<cache_adapter>(again).max_depth == 3);
    // The backward jump: a prefix, then the jump, then its cache; its argument counts
    // from after the cache back to for_iter.
    const std::size_t loop = at_offset(again, 32);
    const std::size_t jump = loop + 6 + 4 * 60; // the loop body, then the new lines
    REQUIRE(again[jump].semantic == op::jump);
    CHECK(again[jump].target()->id == again[loop].id);
    const long next = again[jump + 1].offset;
    CHECK(next - again[jump].offset == 2 + 2 + 2); // prefix, jump, cache
    CHECK(again[jump].arg == (next - 32) / 2);
    CHECK(again[jump].arg > 255);
    // The flagged global: EXTENDED_ARG 1, LOAD_GLOBAL 145 (401 = 1 << 8 | 145), 5 caches.
    const std::size_t g = static_cast<std::size_t>(
        std::find_if(again.begin(), again.end(), [](const auto& i) { return i.name_arg() && *i.name_arg() == "g198"; }) -
        again.begin());
    REQUIRE(g < again.size());
    CHECK(again[g].arg == 200);
    CHECK(again[g].flags == 1);
    const auto at = static_cast<std::size_t>(again[g].offset);
    CHECK(std::vector<std::uint8_t>(fields.bytecode.begin() + at, fields.bytecode.begin() + at + 14) ==
          std::vector<std::uint8_t>{S(op::extended_arg), 1, S(op::load_global), 145, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    // The try range still ends after the print call's caches, at the next instruction.
    const auto& range = fields.exception_table.at(0);
    CHECK(static_cast<long>(range.end) == again[at_offset(again, range.end)].offset);
    CHECK(again[at_offset(again, range.end) - 1].semantic == op::pop_top);
}

TEST_CASE("assembly writes the caches of new instructions, in the adapter's cache units") {
    code_fields<constant> fields;
    fields.names = {"a", "g"};
    std::vector<instruction<marked_cache_adapter>> instrs;
    auto global = create_instruction<marked_cache_adapter>(op::load_global, std::string("g"));
    global.set_flag(arg_flag::push_null);
    instrs.push_back(global);
    instrs.push_back(create_instruction<marked_cache_adapter>(op::call, std::int64_t{0}));
    instrs.push_back(create_instruction<marked_cache_adapter>(op::return_value));
    finish_code<marked_cache_adapter>(instrs, fields);
    const std::uint8_t CA = 0xca, FE = 0xfe;
    CHECK(fields.bytecode ==
          std::vector<std::uint8_t>{
              S(op::load_global),  3, CA, FE, CA, FE, CA, FE, CA, FE, CA, FE, S(op::call), 0, CA, FE, CA, FE, CA, FE, CA, FE,
              S(op::return_value), 0});
    CHECK(fields.stacksize == 2);
    // The call does not swallow the return: decoding gives the three instructions back.
    const auto again = decode<marked_cache_adapter>(fields);
    REQUIRE(again.size() == 3);
    CHECK(again[2].semantic == op::return_value);
    CHECK(again[2].offset == 22);
    // A flag the opcode does not have is an error.
    auto call = create_instruction<marked_cache_adapter>(op::call, std::int64_t{0});
    CHECK_FALSE(call.set_flag(arg_flag::push_null));
    call.flags = 1;
    std::vector<instruction<marked_cache_adapter>> bad{call};
    CHECK_THROWS_WITH_AS(assemble<marked_cache_adapter>(bad, fields),
                         doctest::Contains("has flag bits 1 its opcode does not have"), bytecode_error);
}

TEST_CASE("stack analysis counts the NULL of a flagged load_global") {
    const auto instrs = decode<cache_adapter>(corpus::cached_loop_and_try());
    const auto depths = analyze_stack<cache_adapter>(instrs);
    CHECK(depths.before[at_offset(instrs, 18)] == 2); // NULL, range
    CHECK(depths.before[at_offset(instrs, 20)] == 3); // NULL, range, n
    CHECK(depths.before[at_offset(instrs, 30)] == 1); // range(n)
    CHECK(depths.before[at_offset(instrs, 72)] == 3); // NULL, print, total
    CHECK(depths.before[at_offset(instrs, 84)] == 0); // after the call, after the handler
    CHECK(depths.max_depth == 3);
    // Without its flag, the call has one value too few under it.
    auto unflagged = instrs;
    unflagged[at_offset(instrs, 6)].flags = 0;
    CHECK_THROWS_WITH_AS(analyze_stack<cache_adapter>(unflagged), doctest::Contains("stack underflow"), bytecode_error);
}

TEST_CASE("the disassembly shows raw arguments, the NULL of a flag, and offsets over caches") {
    const std::string listing = disassemble<cache_adapter>(decode<cache_adapter>(corpus::cached_loop_and_try()));
    CHECK(listing.find("    6 load_global                 3 (NULL + range)\n") != std::string::npos);
    CHECK(listing.find("   18 load_fast                   1 (n)\n") != std::string::npos);
    CHECK(listing.find("   48 jump_backward              10 (to 32)\n") != std::string::npos);
    CHECK(listing.find("  58 to 82 -> 88 [0]\n") != std::string::npos);
}

TEST_CASE("relocated bytes keep their caches and flags, with locals renumbered") {
    const auto f = corpus::cached_loop_and_try(0x11);
    std::vector<std::uint8_t> out = {S(op::nop), 0};
    const std::vector<std::size_t> map = {3, 2, 1, 0};
    REQUIRE(append_relocated<cache_adapter>(out, f.bytecode, map));
    REQUIRE(out.size() == f.bytecode.size() + 2);
    code_fields<constant> moved = f;
    moved.bytecode = out;
    moved.varnames = {"i", "total", "n", "x"};
    moved.exception_table = {{60, 86, 90, 0, false}};
    moved.line_table.clear();
    const auto again = decode<cache_adapter>(moved);
    const auto original = decode<cache_adapter>(f);
    REQUIRE(again.size() == original.size() + 1);
    for (std::size_t i = 0; i < original.size(); ++i) {
        CHECK(again[i + 1].offset == original[i].offset + 2);
        CHECK(again[i + 1].flags == original[i].flags);
        if (auto* name = original[i].name_arg()) CHECK(*again[i + 1].name_arg() == *name);
    }
    // The cache bytes are the original's, untouched.
    for (std::size_t at = 8; at < 8 + 10; ++at) CHECK(out[at + 2] == 0x11);
}

TEST_CASE("templates instantiated for the adapter get their caches and shifted arguments") {
    auto split = instantiate<cache_adapter>(lasso::resume::templates::restore_on_exception,
                                            {{"restore", "set_grad_enabled"}, {"saved", "___saved_grad"}});
    std::vector<instruction<cache_adapter>> all = split.prologue;
    all.insert(all.end(), split.epilogue.begin(), split.epilogue.end());
    all.push_back(create_instruction<cache_adapter>(op::load_const, constant_arg<constant>{lasso_test::none_t{}}));
    all.push_back(create_instruction<cache_adapter>(op::return_value));
    const std::vector<op> made = ops_of(all);
    code_fields<constant> f;
    f.names = {"x", "y", "z"}; // so that the global's index is 3 and its argument 6
    finish_code<cache_adapter>(all, f);
    // Every instruction comes back: none is swallowed by the caches of the one before.
    const auto again = decode<cache_adapter>(f);
    CHECK(ops_of(again) == made);
    CHECK(structure(again) == structure(all));
    const std::size_t g = static_cast<std::size_t>(
        std::find_if(again.begin(), again.end(), [](const auto& i) { return i.semantic == op::load_global; }) -
        again.begin());
    REQUIRE(g < again.size());
    CHECK(*again[g].name_arg() == "set_grad_enabled");
    CHECK(f.bytecode.at(static_cast<std::size_t>(again[g].offset) + 1) == 6); // 3 << 1, no NULL
    CHECK(again[g + 1].offset - again[g].offset == 12);                       // 5 caches
    const auto call = g + 2;
    REQUIRE(again[call].semantic == op::call);
    CHECK(again[call + 1].offset - again[call].offset == 10); // 4 caches
    CHECK(analyze_stack<cache_adapter>(again).max_depth == f.stacksize);
}

TEST_CASE("resume codes start at instructions, never inside caches, and copy the same code assembly gives") {
    const auto original = corpus::cached_loop_and_try();
    const resume::resume_source<cache_adapter> source(original);
    REQUIRE(source.depths.before.size() == source.decoded.size());
    const std::vector<std::string> live{"i", "total", "n", "x"};
    auto flags = [](std::uint32_t f) { return f; };
    std::size_t compared = 0;
    for (std::size_t target = 0; target < source.decoded.size(); ++target) {
        const int depth = source.depths.before[target];
        if (depth < 0) continue;
        CAPTURE(target);
        std::vector<resume::stack_slot> stack(static_cast<std::size_t>(depth));
        if (depth >= 2) stack.front().kind = resume::slot_kind::null;
        const auto copied = resume::make_resume_code<cache_adapter>(source, target, stack, live, flags);
        const auto assembled = resume::make_resume_code<cache_adapter>(source, target, stack, live, flags, true);
        const auto a = decode<cache_adapter>(cache_adapter::read_code(copied.code));
        const auto b = decode<cache_adapter>(cache_adapter::read_code(assembled.code));
        CHECK(structure(a) == structure(b));
        // The prologue's jump lands on the target itself, the original follows intact.
        REQUIRE(a.size() == copied.prologue + source.decoded.size());
        const auto& jump = a[copied.prologue - 1];
        REQUIRE(jump.semantic == op::jump);
        CHECK(jump.target()->id == a[copied.prologue + target].id);
        CHECK(structure(std::vector(a.begin() + static_cast<std::ptrdiff_t>(copied.prologue), a.end())) ==
              structure(source.decoded));
        const auto resumed = a[copied.prologue + target].offset - a[copied.prologue].offset;
        CHECK(resumed == source.decoded[target].offset);
        ++compared;
    }
    CHECK(compared > 15);
}
