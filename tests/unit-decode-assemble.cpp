// decode -> assemble is the identity on hand-built codes, and edits re-resolve every
// jump and exception range, growing extended args where jumps no longer fit.
#include "corpus.hpp"
#include "instruction_structure.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

using namespace lasso::bytecode;
using lasso_test::cache_adapter;
using lasso_test::compact_adapter;
using lasso_test::constant;
using lasso_test::semantic_adapter;
using lasso_test::structure;
namespace corpus = lasso_test::corpus;

namespace {

/// The innermost handler covering `offset` in an exception table, if any.
std::optional<exception_entry> handler_at(const std::vector<exception_entry>& table, std::uint32_t offset) {
    std::optional<exception_entry> best;
    for (const auto& e : table)
        if (e.start <= offset && offset < e.end && (!best || e.end - e.start < best->end - best->start)) best = e;
    return best;
}

/// Checks that two exception tables route every offset of a code of `size` bytes to the
/// same handler with the same depth and lasti.
void check_same_handlers(const std::vector<exception_entry>& a, const std::vector<exception_entry>& b, std::size_t size) {
    for (std::uint32_t offset = 0; offset < size; ++offset) {
        auto x = handler_at(a, offset);
        auto y = handler_at(b, offset);
        CAPTURE(offset);
        REQUIRE(x.has_value() == y.has_value());
        if (x) {
            CHECK(x->target == y->target);
            CHECK(x->depth == y->depth);
            CHECK(x->lasti == y->lasti);
        }
    }
}

template <class A> std::unordered_map<instruction_id, std::size_t> indexes(const std::vector<instruction<A>>& instrs) {
    std::unordered_map<instruction_id, std::size_t> out;
    for (std::size_t i = 0; i < instrs.size(); ++i) out.emplace(instrs[i].id, i);
    return out;
}

/// Assembles a copy of `fields` with `instrs`, decodes the result again and checks that
/// the bytes encode exactly the structure of `instrs`. Returns the new fields.
template <class A> code_fields<constant> reassemble(std::vector<instruction<A>>& instrs, code_fields<constant> fields) {
    assemble<A>(instrs, fields);
    auto again = decode<A>(fields);
    CHECK(structure<A>(again) == structure<A>(instrs));
    for (std::size_t i = 0; i < std::min(again.size(), instrs.size()); ++i) CHECK(again[i].offset == instrs[i].offset);
    return fields;
}

template <class A> std::size_t find_semantic(const std::vector<instruction<A>>& instrs, op o, std::size_t from = 0) {
    for (std::size_t i = from; i < instrs.size(); ++i)
        if (instrs[i].semantic == o) return i;
    FAIL("no instruction " << name_of(o));
    return 0;
}

} // namespace

TEST_CASE("decode resolves arguments, jumps, lines and exception ranges") {
    auto f = corpus::counting_loop();
    auto instrs = decode<semantic_adapter>(f);
    REQUIRE(instrs.size() == 13);
    CHECK(*instrs[1].name_arg() == "i");
    CHECK(*instrs[3].constant() == constant{std::int64_t{10}});
    auto index = indexes(instrs);
    CHECK(index.at(instrs[5].target()->id) == 11); // pop_jump_if_false -> 22
    CHECK(index.at(instrs[10].target()->id) == 2); // jump_backward -> 4
    CHECK(instrs[10].name() == "jump_backward");
    CHECK(instrs[0].starts_line);
    CHECK(instrs[2].starts_line);
    CHECK_FALSE(instrs[3].starts_line);
    CHECK(instrs[6].pos == position{3, 3, 4, 10});

    auto nested = decode<semantic_adapter>(corpus::nested_try());
    auto nidx = indexes(nested);
    // Innermost range wins: offset 2 (index 1) is in both the outer and the inner try.
    REQUIRE(nested[0].exception);
    CHECK(nidx.at(nested[0].exception->target) == 26); // offset 52
    REQUIRE(nested[1].exception);
    CHECK(nidx.at(nested[1].exception->target) == 7); // offset 14
    CHECK(nested[7].exception->depth == 1);
    CHECK(nested[7].exception->lasti);
    CHECK(nidx.at(nested[15].exception->target) == 26); // offset 30: back in the outer try
    CHECK_FALSE(nested[20].exception.has_value());      // offset 40: finally body
}

TEST_CASE("decode_indexed keeps arguments as table indexes and jumps as positions") {
    auto f = corpus::counting_loop();
    auto instrs = decode_indexed<semantic_adapter>(f);
    REQUIRE(instrs.size() == 13);
    CHECK(sizeof(indexed_instruction<semantic_adapter>) == 32);
    CHECK(*arg_name(instrs[1], f) == "i");
    CHECK(arg_constant(instrs[1], f) == nullptr);
    CHECK(*arg_constant(instrs[3], f) == constant{std::int64_t{10}});
    CHECK(arg_name(instrs[3], f) == nullptr);
    CHECK(instrs[5].target == 11); // pop_jump_if_false -> 22
    CHECK(instrs[10].target == 2); // jump_backward -> 4
    CHECK(instrs[10].is_jump());
    CHECK(instrs[3].target == no_index);
    CHECK(instrs[10].name() == "jump_backward");
    CHECK(instrs[0].starts_line);
    CHECK(instrs[2].starts_line);
    CHECK_FALSE(instrs[3].starts_line);
    CHECK(instrs[6].line == 3);
    CHECK(f.line_table[instrs[6].line_row].pos == position{3, 3, 4, 10});

    auto nested_fields = corpus::nested_try();
    auto nested = decode_indexed<semantic_adapter>(nested_fields);
    // Innermost range wins: offset 2 (index 1) is in both the outer and the inner try.
    auto handler_of = [&](std::size_t i) { return nested_fields.exception_table.at(nested[i].handler); };
    REQUIRE(nested[0].in_handler_range());
    CHECK(handler_of(0).target == 52);
    CHECK(handler_of(1).target == 14);
    CHECK(handler_of(7).depth == 1);
    CHECK(handler_of(7).lasti);
    CHECK(handler_of(15).target == 52);         // offset 30: back in the outer try
    CHECK_FALSE(nested[20].in_handler_range()); // offset 40: finally body
}

TEST_CASE("decode and decode_indexed agree instruction by instruction") {
    auto check_agree = [](auto adapter_tag, const code_fields<constant>& f) {
        using A = decltype(adapter_tag);
        const auto full = decode<A>(f);
        const auto indexed = decode_indexed<A>(f);
        REQUIRE(full.size() == indexed.size());
        auto index = indexes(full);
        for (std::size_t i = 0; i < full.size(); ++i) {
            CAPTURE(i);
            CHECK(full[i].opcode == indexed[i].opcode);
            CHECK(full[i].semantic == indexed[i].semantic);
            CHECK(full[i].arg == indexed[i].arg);
            CHECK(full[i].offset == static_cast<long>(indexed[i].offset));
            CHECK(full[i].starts_line == indexed[i].starts_line);
            CHECK(full[i].pos.line == indexed[i].line);
            if (auto* t = full[i].target()) CHECK(index.at(t->id) == indexed[i].target);
            else CHECK(indexed[i].target == no_index);
            if (auto* n = full[i].name_arg()) CHECK(*n == *arg_name(indexed[i], f));
            if (auto* c = full[i].constant()) CHECK(*c == *arg_constant(indexed[i], f));
            REQUIRE(full[i].exception.has_value() == indexed[i].in_handler_range());
            if (full[i].exception) {
                const exception_entry& e = f.exception_table.at(indexed[i].handler);
                CHECK(indexed[index.at(full[i].exception->start)].offset == e.start);
                CHECK(static_cast<std::uint32_t>(full[index.at(full[i].exception->target)].offset) == e.target);
                CHECK(full[i].exception->depth == e.depth);
                CHECK(full[i].exception->lasti == e.lasti);
            }
        }
    };
    check_agree(semantic_adapter{}, corpus::straight_line());
    check_agree(semantic_adapter{}, corpus::counting_loop());
    check_agree(semantic_adapter{}, corpus::nested_try());
    check_agree(compact_adapter{}, corpus::compact_loop());
    check_agree(compact_adapter{}, corpus::compact_try());
}

TEST_CASE("decode -> assemble is the identity") {
    auto check_identity = [](auto adapter_tag, code_fields<constant> f, bool flat_table) {
        using A = decltype(adapter_tag);
        auto instrs = decode<A>(f);
        code_fields<constant> out = f;
        out.bytecode.clear();
        out.exception_table.clear();
        out.line_table.clear();
        assemble<A>(instrs, out);
        CHECK(out.bytecode == f.bytecode);
        CHECK(out.line_table == f.line_table);
        CHECK(out.constants.size() == f.constants.size());
        CHECK(out.names == f.names);
        CHECK(out.varnames == f.varnames);
        check_same_handlers(out.exception_table, f.exception_table, f.bytecode.size());
        if (flat_table) CHECK(out.exception_table == f.exception_table);
        // Twice: assembling what we assembled changes nothing.
        auto again = decode<A>(out);
        code_fields<constant> out2 = out;
        assemble<A>(again, out2);
        CHECK(out2.bytecode == out.bytecode);
        CHECK(out2.exception_table == out.exception_table);
        CHECK(out2.line_table == out.line_table);
    };
    SUBCASE("straight line") { check_identity(semantic_adapter{}, corpus::straight_line(), true); }
    SUBCASE("loop") { check_identity(semantic_adapter{}, corpus::counting_loop(), true); }
    SUBCASE("nested try") { check_identity(semantic_adapter{}, corpus::nested_try(), false); }
    SUBCASE("compact loop") { check_identity(compact_adapter{}, corpus::compact_loop(), true); }
    SUBCASE("compact try") { check_identity(compact_adapter{}, corpus::compact_try(), true); }
    SUBCASE("inline caches and flags") { check_identity(cache_adapter{}, corpus::cached_loop_and_try(), true); }
}

TEST_CASE("the nested table comes back flattened, as CPython stores it") {
    auto f = corpus::nested_try();
    auto instrs = decode<semantic_adapter>(f);
    assemble<semantic_adapter>(instrs, f);
    const std::vector<exception_entry> flat{
        {0, 2, 52, 0, false},  {2, 14, 14, 0, false},  {14, 30, 34, 1, true}, {30, 32, 52, 0, false},
        {32, 34, 34, 1, true}, {34, 40, 52, 0, false}, {52, 64, 64, 1, true},
    };
    CHECK(f.exception_table == flat);
}

TEST_CASE("inserting at the start shifts every target") {
    auto f = corpus::counting_loop();
    auto instrs = decode<semantic_adapter>(f);
    insert_instructions<semantic_adapter>(
        instrs, 0, {create_instruction<semantic_adapter>(op::nop), create_instruction<semantic_adapter>(op::nop)});
    auto out = reassemble<semantic_adapter>(instrs, f);
    CHECK(out.bytecode.size() == f.bytecode.size() + 4);
    // Relative jumps keep their arguments; the targets moved with them.
    CHECK(instrs[7].arg == 5);
    CHECK(instrs[12].arg == 9);
    CHECK(instrs[12].offset == 24);
}

TEST_CASE("inserting between a jump and its target grows the distance") {
    auto f = corpus::counting_loop();
    auto instrs = decode<semantic_adapter>(f);
    const auto body = find_semantic(instrs, op::binary_op);
    std::vector<instruction<semantic_adapter>> extra;
    for (int k = 0; k < 3; ++k) extra.push_back(create_instruction<semantic_adapter>(op::nop));
    insert_instructions<semantic_adapter>(instrs, body, std::move(extra));
    reassemble<semantic_adapter>(instrs, f);
    CHECK(instrs[find_semantic(instrs, op::pop_jump_if_false)].arg == 5 + 3);
    CHECK(instrs[find_semantic(instrs, op::jump)].arg == 9 + 3);
}

TEST_CASE("inserting inside a protected range extends the range") {
    auto f = corpus::nested_try();
    auto instrs = decode<semantic_adapter>(f);
    const auto at = find_semantic(instrs, op::load_global); // inside the inner try
    insert_instructions<semantic_adapter>(instrs, at, {create_instruction<semantic_adapter>(op::nop)});
    CHECK(instrs[at].exception == instrs[at + 1].exception);
    auto out = reassemble<semantic_adapter>(instrs, f);
    CHECK(out.exception_table[1] == exception_entry{2, 16, 16, 0, false});
    CHECK(out.exception_table[0] == exception_entry{0, 2, 54, 0, false});
    // The new instruction takes the source position of the one it precedes.
    CHECK(instrs[at].pos.line == 3);
}

TEST_CASE("jumps that outgrow one byte get extended args") {
    SUBCASE("fixed width") {
        auto f = corpus::counting_loop();
        auto instrs = decode<semantic_adapter>(f);
        const auto body = find_semantic(instrs, op::binary_op);
        std::vector<instruction<semantic_adapter>> padding;
        for (int k = 0; k < 300; ++k) padding.push_back(create_instruction<semantic_adapter>(op::nop));
        insert_instructions<semantic_adapter>(instrs, body, std::move(padding));
        auto out = reassemble<semantic_adapter>(instrs, f);
        const auto& forward = instrs[find_semantic(instrs, op::pop_jump_if_false)];
        const auto& backward = instrs[find_semantic(instrs, op::jump)];
        CHECK(forward.arg == 5 + 300 + 1);      // body + the backward jump's prefix
        CHECK(backward.arg == 9 + 300 + 1 + 1); // + its own prefix and the forward jump's
        // The prefixes are in the bytes, right before each jump.
        const auto ext = semantic_adapter::num(op::extended_arg);
        CHECK(out.bytecode[static_cast<std::size_t>(forward.offset)] == ext);
        CHECK(out.bytecode[static_cast<std::size_t>(forward.offset) + 1] == 1);
        CHECK(out.bytecode[static_cast<std::size_t>(forward.offset) + 2] == semantic_adapter::num(op::pop_jump_if_false));
        CHECK(out.bytecode[static_cast<std::size_t>(forward.offset) + 3] == (306 & 0xff));
        CHECK(out.bytecode[static_cast<std::size_t>(backward.offset)] == ext);
    }
    SUBCASE("variable width") {
        auto f = corpus::compact_loop();
        auto instrs = decode<compact_adapter>(f);
        const auto body = find_semantic(instrs, op::binary_op);
        std::vector<instruction<compact_adapter>> padding;
        for (int k = 0; k < 250; ++k) padding.push_back(create_instruction<compact_adapter>(op::nop));
        insert_instructions<compact_adapter>(instrs, body, std::move(padding));
        auto out = reassemble<compact_adapter>(instrs, f);
        const auto& forward = instrs[find_semantic(instrs, op::pop_jump_if_false)];
        const auto& backward = instrs[find_semantic(instrs, op::jump)];
        CHECK(forward.arg == 11 + 250 + 2);      // + the backward jump's prefix
        CHECK(backward.arg == 20 + 250 + 2 + 2); // + both prefixes
        CHECK(out.bytecode[static_cast<std::size_t>(forward.offset)] == compact_adapter::EXT);
        CHECK(out.bytecode[static_cast<std::size_t>(backward.offset)] == compact_adapter::EXT);
        CHECK(out.bytecode.size() == f.bytecode.size() + 250 + 4);
    }
}

TEST_CASE("many constants need extended args for load_const") {
    auto f = corpus::straight_line();
    auto instrs = decode<semantic_adapter>(f);
    std::vector<instruction<semantic_adapter>> loads;
    for (std::int64_t k = 0; k < 300; ++k) {
        loads.push_back(create_instruction<semantic_adapter>(op::load_const, constant_arg<constant>{constant{k + 1000}}));
        loads.push_back(create_instruction<semantic_adapter>(op::pop_top));
    }
    insert_instructions<semantic_adapter>(instrs, 1, std::move(loads));
    auto out = reassemble<semantic_adapter>(instrs, f);
    CHECK(out.constants.size() == 301);
    CHECK(instrs[599].arg == 299 + 1);
    CHECK(out.bytecode[static_cast<std::size_t>(instrs[599].offset)] == semantic_adapter::num(op::extended_arg));
}

TEST_CASE("a large constant table is shared by equal constants, and distinct ones stay apart") {
    // Past the size where assemble indexes the table by repr: 1 and 1.0 have different
    // reprs and are different constants; every repeat finds the first's index.
    auto f = corpus::straight_line();
    auto instrs = decode<semantic_adapter>(f);
    const std::size_t before = f.constants.size();
    std::vector<constant> values; // odd k as ints, even k as floats
    for (std::int64_t k = 0; k < 200; ++k) {
        if (k % 2) values.emplace_back(k);
        else values.emplace_back(static_cast<double>(k));
    }
    std::vector<instruction<semantic_adapter>> loads;
    for (int pass = 0; pass < 2; ++pass)
        for (const constant& c : values) {
            loads.push_back(create_instruction<semantic_adapter>(op::load_const, constant_arg<constant>{c}));
            loads.push_back(create_instruction<semantic_adapter>(op::pop_top));
        }
    loads.push_back(create_instruction<semantic_adapter>(op::load_const, constant_arg<constant>{constant{std::int64_t{2}}}));
    loads.push_back(create_instruction<semantic_adapter>(op::pop_top));
    insert_instructions<semantic_adapter>(instrs, 1, std::move(loads));
    auto out = reassemble<semantic_adapter>(instrs, f);
    // 200 distinct, less the int 1 the code already has, plus the int 2 beside 2.0.
    CHECK(out.constants.size() == before + 200);
    for (std::int64_t k = 0; k < 200; ++k) {
        const auto first = instrs[1 + 2 * static_cast<std::size_t>(k)].arg;
        const auto second = instrs[1 + 2 * static_cast<std::size_t>(k + 200)].arg;
        CHECK(first == second);
        CHECK(out.constants[static_cast<std::size_t>(first)] == values[static_cast<std::size_t>(k)]);
    }
    CHECK(out.constants[static_cast<std::size_t>(instrs[801].arg)] == constant{std::int64_t{2}});
}

TEST_CASE("assemble picks the jump variant of the right direction") {
    std::vector<instruction<semantic_adapter>> instrs;
    instrs.push_back(create_instruction<semantic_adapter>(op::nop));
    instrs.push_back(create_instruction<semantic_adapter>(op::load_fast, std::string("x")));
    instrs.push_back(create_instruction<semantic_adapter>(op::pop_jump_if_true, jump_target{instrs[0].id}));
    instrs.push_back(create_instruction<semantic_adapter>(op::load_const, constant_arg<constant>{lasso_test::none_t{}}));
    instrs.push_back(create_instruction<semantic_adapter>(op::return_value));
    CHECK(instrs[2].name() == "pop_jump_if_true");
    code_fields<constant> f;
    assemble<semantic_adapter>(instrs, f);
    CHECK(instrs[2].name() == "pop_jump_backward_if_true");
    CHECK(instrs[2].arg == 3);
    CHECK(f.varnames == std::vector<std::string>{"x"});

    // The compact adapter has no backward for_iter: a clear error.
    std::vector<instruction<compact_adapter>> loop;
    loop.push_back(create_instruction<compact_adapter>(op::nop));
    loop.push_back(create_instruction<compact_adapter>(op::for_iter, jump_target{loop[0].id}));
    code_fields<constant> g;
    CHECK_THROWS_WITH_AS(assemble<compact_adapter>(loop, g), doctest::Contains("no such variant of 'for_iter'"),
                         bytecode_error);
}

TEST_CASE("a backward jump to the next instruction keeps its opcode") {
    // LOOP 0 (compact: a relative backward jump of distance 0) reaches the next
    // instruction; the compact adapter has no forward relative jump to switch it to.
    code_fields<constant> f;
    f.bytecode = {compact_adapter::NOP, compact_adapter::LOOP, 0, compact_adapter::NOP};
    auto instrs = decode<compact_adapter>(f);
    code_fields<constant> out = f;
    assemble<compact_adapter>(instrs, out);
    CHECK(instrs[1].name() == "LOOP");
    CHECK(out.bytecode == f.bytecode);
}

TEST_CASE("assemble rejects broken instruction lists with a reason") {
    code_fields<constant> f;
    std::vector<instruction<semantic_adapter>> dangling;
    dangling.push_back(create_instruction<semantic_adapter>(op::jump, jump_target{999999999}));
    CHECK_THROWS_WITH_AS(assemble<semantic_adapter>(dangling, f), doctest::Contains("not in the instruction list"),
                         bytecode_error);

    std::vector<instruction<semantic_adapter>> nameless;
    nameless.push_back(create_instruction<semantic_adapter>(op::load_fast));
    CHECK_THROWS_WITH_AS(assemble<semantic_adapter>(nameless, f), doctest::Contains("needs a name argument"),
                         bytecode_error);

    std::vector<instruction<semantic_adapter>> not_a_cell;
    not_a_cell.push_back(create_instruction<semantic_adapter>(op::load_deref, std::string("nope")));
    CHECK_THROWS_WITH_AS(assemble<semantic_adapter>(not_a_cell, f), doctest::Contains("neither a cell nor a free variable"),
                         bytecode_error);

    CHECK_THROWS_WITH_AS(create_instruction<compact_adapter>(op::build_slice),
                         doctest::Contains("no opcode for semantic op 'build_slice'"), bytecode_error);
    std::vector<instruction<compact_adapter>> big;
    big.push_back(create_instruction<compact_adapter>(op::load_fast, std::string("x")));
    big.back().argval = std::int64_t{5};
    CHECK_THROWS_WITH_AS(assemble<compact_adapter>(big, f), doctest::Contains("needs a name argument"), bytecode_error);
}

TEST_CASE("transform_code edits a code object through the adapter") {
    auto original = semantic_adapter::make_code(corpus::straight_line());
    auto result = transform_code<semantic_adapter>(original, [](auto& instrs, code_fields<constant>& fields) {
        // return (x + 1) * 7 -- a new constant, and a new local for good measure
        const auto ret = instrs.size() - 1;
        insert_instructions<semantic_adapter>(
            instrs, ret,
            {
                create_instruction<semantic_adapter>(op::load_const, constant_arg<constant>{constant{std::int64_t{7}}}),
                create_instruction<semantic_adapter>(op::binary_op, std::int64_t{5}),
                create_instruction<semantic_adapter>(op::copy, std::int64_t{1}),
                create_instruction<semantic_adapter>(op::store_fast, std::string("result")),
            });
        fields.name = "transformed";
    });
    auto fields = semantic_adapter::read_code(result);
    CHECK(fields.name == "transformed");
    CHECK(fields.varnames == std::vector<std::string>{"x", "result"});
    CHECK(fields.constants.size() == 2);
    CHECK(fields.stacksize == 2);
    CHECK(fields.bytecode.size() == corpus::straight_line().bytecode.size() + 8);
    auto instrs = decode<semantic_adapter>(fields);
    CHECK(instrs[5].name() == "binary_op");
    CHECK(instrs[5].arg == 5);
    CHECK(*instrs[7].name_arg() == "result");
}

TEST_CASE("exception links carry the bounds of their range") {
    auto f = corpus::compact_try();
    auto instrs = decode<compact_adapter>(f);
    // [0, 10) covers NOP .. STL: instructions 0 to 5.
    REQUIRE(instrs[2].exception);
    CHECK(instrs[2].exception->start == instrs[0].id);
    CHECK(instrs[2].exception->end == instrs[5].id);
    // Growing the range by insertion: assemble refreshes the bounds.
    insert_instructions<compact_adapter>(instrs, 5, {create_instruction<compact_adapter>(op::nop)});
    assemble<compact_adapter>(instrs, f);
    CHECK(instrs[6].exception->end == instrs[6].id);
    CHECK(instrs[0].exception->end == instrs[6].id);
    CHECK(f.exception_table[0] == exception_entry{0, 11, 14, 0, false});
}

TEST_CASE("unique_id gives distinct names with the prefix") {
    const auto a = unique_id("___stack");
    const auto b = unique_id("___stack");
    CHECK(a != b);
    CHECK(a.rfind("___stack_", 0) == 0);
    CHECK(b.rfind("___stack_", 0) == 0);
}
