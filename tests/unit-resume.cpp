// Resume codes: copying the original's bytes after the prologue (with the locals
// renumbered) gives exactly the instructions that decoding and assembling the whole
// original gives, and the copy refuses what it cannot do in place.
#include "corpus.hpp"
#include "instruction_structure.hpp"

#include <lasso/lasso.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

using namespace lasso::bytecode;
using lasso_test::compact_adapter;
using lasso_test::constant;
using lasso_test::semantic_adapter;
using lasso_test::structure;
namespace corpus = lasso_test::corpus;
namespace resume = lasso::resume;

namespace {

/// A code with more locals than the others: a = 1; b = a; c = b; d = c + a; return d
code_fields<constant> many_locals() {
    using corpus::S;
    code_fields<constant> f;
    f.name = "many_locals";
    f.varnames = {"a", "b", "c", "d"};
    f.constants = {std::int64_t{1}};
    f.bytecode = {S(op::resume),       0, S(op::load_const), 0, S(op::store_fast), 0, S(op::load_fast), 0,
                  S(op::store_fast),   1, S(op::load_fast),  1, S(op::store_fast), 2, S(op::load_fast), 2,
                  S(op::load_fast),    0, S(op::binary_op),  0, S(op::store_fast), 3, S(op::load_fast), 3,
                  S(op::return_value), 0};
    f.line_table = {{0, {1, 1, 0, 0}}, {2, {2, 2, 4, 9}}, {10, {3, 3, 4, 9}}, {22, {4, 4, 4, 12}}};
    return f;
}

} // namespace

TEST_CASE("append_relocated renumbers local arguments in place and keeps every other byte") {
    const auto f = corpus::counting_loop(); // one local, read and written five times
    std::vector<std::uint8_t> out = {9, 9};
    const std::vector<std::size_t> map = {3};
    REQUIRE(append_relocated<semantic_adapter>(out, f.bytecode, map));
    REQUIRE(out.size() == f.bytecode.size() + 2);
    std::size_t renumbered = 0;
    for (std::size_t at = 0; at < f.bytecode.size(); at += 2) {
        const std::uint8_t opcode = f.bytecode[at];
        CHECK(out[2 + at] == opcode);
        const bool local = opcode == corpus::S(op::load_fast) || opcode == corpus::S(op::store_fast);
        CHECK(out[2 + at + 1] == (local ? 3 : f.bytecode[at + 1]));
        renumbered += local;
    }
    CHECK(renumbered == 5);
}

TEST_CASE("append_relocated refuses what cannot stay in place, and leaves the output as it was") {
    SUBCASE("a local whose new number needs an extended-arg prefix") {
        const auto f = corpus::counting_loop();
        std::vector<std::uint8_t> out = {1, 2};
        const std::vector<std::size_t> map = {300};
        CHECK_FALSE(append_relocated<semantic_adapter>(out, f.bytecode, map));
        CHECK(out == std::vector<std::uint8_t>{1, 2});
    }
    SUBCASE("an absolute jump moves with the bytes, but only when they move") {
        const auto f = corpus::compact_try(); // a GOTO at offset 10
        REQUIRE(f.bytecode.at(10) == compact_adapter::GOTO);
        std::vector<std::size_t> map(f.varnames.size());
        for (std::size_t k = 0; k < map.size(); ++k) map[k] = k;
        std::vector<std::uint8_t> out = {0};
        CHECK_FALSE(append_relocated<compact_adapter>(out, f.bytecode, map));
        CHECK(out == std::vector<std::uint8_t>{0});
        std::vector<std::uint8_t> empty;
        CHECK(append_relocated<compact_adapter>(empty, f.bytecode, map));
        CHECK(empty == f.bytecode);
    }
    SUBCASE("a local outside the map is an error naming the offset") {
        const auto f = corpus::counting_loop();
        std::vector<std::uint8_t> out = {7};
        const std::vector<std::size_t> map;
        CHECK_THROWS_AS(append_relocated<semantic_adapter>(out, f.bytecode, map), bytecode_error);
        CHECK(out == std::vector<std::uint8_t>{7});
    }
}

TEST_CASE("resume codes: the copied bytes decode to the instructions assembly gives") {
    std::vector<code_fields<constant>> codes = {corpus::straight_line(), corpus::counting_loop(), corpus::nested_try(),
                                                many_locals()};
    std::size_t compared = 0;
    for (const auto& original : codes) {
        const resume::resume_source<semantic_adapter> source(original);
        REQUIRE(source.depths.before.size() == source.decoded.size());
        // The live locals in reverse order, so that every local is renumbered.
        std::vector<std::string> live(original.varnames.rbegin(), original.varnames.rend());
        for (std::size_t target = 0; target < source.decoded.size(); ++target) {
            const int depth = source.depths.before[target];
            if (depth < 0) continue; // unreachable
            std::vector<resume::stack_slot> stack(static_cast<std::size_t>(depth));
            if (depth >= 2) stack.front().kind = resume::slot_kind::null;
            CAPTURE(original.name);
            CAPTURE(target);
            auto flags = [](std::uint32_t) { return std::uint32_t{0}; };
            const auto copied = resume::make_resume_code<semantic_adapter>(source, target, stack, live, flags);
            const auto assembled = resume::make_resume_code<semantic_adapter>(source, target, stack, live, flags, true);
            const auto a = semantic_adapter::read_code(copied.code);
            const auto b = semantic_adapter::read_code(assembled.code);
            CHECK(structure(decode<semantic_adapter>(a)) == structure(decode<semantic_adapter>(b)));
            CHECK(a.varnames == b.varnames);
            CHECK(a.argcount == b.argcount);
            CHECK(a.name == b.name);
            CHECK(a.names == b.names);
            CHECK(a.stacksize >= b.stacksize);
            CHECK(copied.prologue == assembled.prologue);
            CHECK(copied.local_of_original == assembled.local_of_original);
            for (std::size_t k = 0; k < original.varnames.size(); ++k)
                CHECK(a.varnames.at(copied.local_of_original[k]) == original.varnames[k]);
            // The copy was made: the original's bytes follow the prologue unchanged but
            // for the local numbers.
            CHECK(a.bytecode.size() > original.bytecode.size());
            CHECK(a.bytecode.size() - original.bytecode.size() == 2 * copied.prologue);
            ++compared;
        }
    }
    CHECK(compared > 40);
}

TEST_CASE("resume codes: the copy gives way to assembly where it cannot be made") {
    SUBCASE("no relative forward jump in the encoding (the compact one): assembled, and still valid") {
        const auto original = corpus::compact_loop();
        const resume::resume_source<compact_adapter> source(original);
        const auto made = resume::make_resume_code<compact_adapter>(source, 2, std::vector<resume::stack_slot>{}, {},
                                                                    [](std::uint32_t f) { return f; });
        const auto fields = compact_adapter::read_code(made.code);
        const auto decoded = decode<compact_adapter>(fields);
        CHECK(analyze_stack<compact_adapter>(decoded).max_depth == fields.stacksize);
        REQUIRE(decoded.size() == source.decoded.size() + made.prologue);
        const auto body =
            structure(std::vector(decoded.begin() + static_cast<std::ptrdiff_t>(made.prologue), decoded.end()));
        CHECK(body == structure(source.decoded));
    }
    SUBCASE("a stack deeper than the original's at the target: assembled, with the stack size it needs") {
        // Three values under the loop: the original's depths say nothing about them.
        const resume::resume_source<semantic_adapter> source(corpus::counting_loop());
        const std::vector<resume::stack_slot> stack(3);
        const auto made =
            resume::make_resume_code<semantic_adapter>(source, 2, stack, {}, [](std::uint32_t f) { return f; });
        const auto fields = semantic_adapter::read_code(made.code);
        CHECK(fields.stacksize == 5);
        CHECK(analyze_stack<semantic_adapter>(decode<semantic_adapter>(fields)).max_depth == 5);
    }
}

TEST_CASE("resume codes of a frame with cells take every cell from their closure") {
    using corpus::S;
    // def f(): n = 1; return k + n   (n a cell variable, k a free variable)
    code_fields<constant> original;
    original.name = "with_cells";
    original.cellvars = {"n"};
    original.freevars = {"k"};
    original.constants = {std::int64_t{1}};
    original.bytecode = {S(op::make_cell),  0, S(op::copy_free_vars), 1, S(op::resume),       0,
                         S(op::load_const), 0, S(op::store_deref),    0, S(op::load_deref),   1,
                         S(op::load_deref), 0, S(op::binary_op),      0, S(op::return_value), 0};
    original.line_table = {{0, {1, 1, 0, 0}}};
    const resume::resume_source<semantic_adapter> source(original);
    const std::size_t target = 5; // load_deref k
    auto flags = [](std::uint32_t f) { return f; };
    for (const bool assemble : {false, true}) {
        CAPTURE(assemble);
        const auto made = resume::make_resume_code<semantic_adapter>(source, target, {}, {}, flags, assemble);
        const auto fields = semantic_adapter::read_code(made.code);
        // The frame's cells, cell variables first, are the resume code's free variables,
        // so the original's cell numbers name the same cells.
        CHECK(fields.cellvars.empty());
        CHECK(fields.freevars == std::vector<std::string>{"n", "k"});
        const auto decoded = decode<semantic_adapter>(fields);
        REQUIRE(decoded.size() > made.prologue);
        CHECK(decoded[0].semantic == op::copy_free_vars);
        CHECK(decoded[0].arg == 2);
        for (std::size_t i = 0; i < made.prologue; ++i) CHECK(decoded[i].semantic != op::make_cell);
        const auto& resumed = decoded[made.prologue + target];
        CHECK(resumed.semantic == op::load_deref);
        REQUIRE(resumed.name_arg());
        CHECK(*resumed.name_arg() == "k");
        // Generated code for a frame running the resume code starts the same way.
        const auto prologue = resume::frame_prologue<semantic_adapter>(source.decoded, fields);
        REQUIRE(!prologue.empty());
        CHECK(prologue[0].semantic == op::copy_free_vars);
        CHECK(prologue[0].arg == 2);
        CHECK(std::none_of(prologue.begin(), prologue.end(), [](const auto& i) { return i.semantic == op::make_cell; }));
    }
    // The original's own generated code keeps make_cell.
    const auto own = resume::frame_prologue<semantic_adapter>(source.decoded, original);
    CHECK(own.front().semantic == op::make_cell);
}
