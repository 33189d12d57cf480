// Stack-depth analysis: exact figures on the corpus, and malformed input rejected with
// the problem and the offset, never a crash.
#include "corpus.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

using namespace lasso::bytecode;
using lasso_test::compact_adapter;
using lasso_test::constant;
using lasso_test::semantic_adapter;
namespace corpus = lasso_test::corpus;
using corpus::S;

namespace {
template <class A> stack_depths depths_of(const code_fields<constant>& f) { return analyze_stack<A>(decode<A>(f)); }

template <class A> std::string error_of(const code_fields<constant>& f) {
    try {
        (void)analyze_stack<A>(decode<A>(f));
    } catch (const bytecode_error& e) { return e.what(); }
    return "no error";
}
} // namespace

TEST_CASE("exact stack depths on the corpus") {
    // Depth before each instruction, worked out by hand from CPython 3.11 semantics.
    auto straight = depths_of<semantic_adapter>(corpus::straight_line());
    CHECK(straight.before == std::vector<int>{0, 0, 1, 2, 1});
    CHECK(straight.max_depth == 2);

    auto loop = depths_of<semantic_adapter>(corpus::counting_loop());
    CHECK(loop.before == std::vector<int>{0, 1, 0, 1, 2, 1, 0, 1, 2, 1, 0, 0, 1});
    CHECK(loop.max_depth == 2);

    auto nested = depths_of<semantic_adapter>(corpus::nested_try());
    CHECK(nested.before == std::vector<int>{0, 0, 0, 1, 2, 1, 0, 1, 2, 3, 3, 2, 1, 2, 1, 0, 2, 3,
                                            4, 3, 0, 1, 2, 1, 0, 1, 1, 2, 3, 4, 3, 2, 3, 4, 3});
    CHECK(nested.max_depth == 4);

    auto compact_loop = depths_of<compact_adapter>(corpus::compact_loop());
    CHECK(compact_loop.before == std::vector<int>{0, 1, 0, 1, 2, 1, 0, 1, 2, 1, 0, 0, 1});
    CHECK(compact_loop.max_depth == 2);

    auto compact_try = depths_of<compact_adapter>(corpus::compact_try());
    CHECK(compact_try.before == std::vector<int>{0, 0, 1, 2, 1, 1, 0, 1, 2, 3, 2, 3, 4, 3, 0, 1});
    CHECK(compact_try.max_depth == 4);
}

TEST_CASE("unreachable instructions have no depth") {
    auto f = corpus::straight_line();
    f.bytecode.insert(f.bytecode.end(), {S(op::load_fast), 0, S(op::return_value), 0});
    auto d = depths_of<semantic_adapter>(f);
    CHECK(d.before[5] == -1);
    CHECK(d.before[6] == -1);
}

TEST_CASE("a custom opcode uses the effect from the table") {
    // compact_try contains SQUARE (pops 1, pushes 1); the figures above depend on it.
    auto f = corpus::compact_try();
    auto instrs = decode<compact_adapter>(f);
    CHECK(instrs[4].name() == "SQUARE");
    CHECK(analyze_stack<compact_adapter>(instrs).before[5] == 1);
}

TEST_CASE("malformed bytecode is an error naming the problem and the offset") {
    SUBCASE("jump out of range") {
        auto f = corpus::counting_loop();
        f.bytecode[11] = 100; // pop_jump_if_false at 10 now jumps far past the end
        const auto e = error_of<semantic_adapter>(f);
        CHECK(e.find("offset 10") != std::string::npos);
        CHECK(e.find("outside the code") != std::string::npos);
    }
    SUBCASE("backward jump before the start") {
        auto f = corpus::counting_loop();
        f.bytecode[21] = 50;
        CHECK(error_of<semantic_adapter>(f).find("offset 20") != std::string::npos);
    }
    SUBCASE("jump into the middle of an instruction") {
        auto f = corpus::compact_loop();
        f.bytecode[24] = 19; // LOOP at 23 -> 6, inside LDL at 5
        const auto e = error_of<compact_adapter>(f);
        CHECK(e.find("offset 23") != std::string::npos);
        CHECK(e.find("not the start of an instruction") != std::string::npos);
    }
    SUBCASE("stack underflow") {
        auto f = corpus::straight_line();
        f.bytecode[2] = S(op::nop); // binary_op at 6 now has one operand
        const auto e = error_of<semantic_adapter>(f);
        CHECK(e.find("offset 6") != std::string::npos);
        CHECK(e.find("stack underflow: needs 2 value(s), has 1") != std::string::npos);
    }
    SUBCASE("inconsistent depth at a merge") {
        auto f = corpus::counting_loop();
        f.bytecode[18] = S(op::nop); // store_fast -> nop: the loop head is reached with depth 1
        const auto e = error_of<semantic_adapter>(f);
        CHECK(e.find("inconsistent stack depth") != std::string::npos);
        CHECK(e.find("offset 4") != std::string::npos);
        CHECK(e.find("offset 20") != std::string::npos);
    }
    SUBCASE("unknown opcode") {
        auto f = corpus::straight_line();
        f.bytecode[4] = 199;
        const auto e = error_of<semantic_adapter>(f);
        CHECK(e.find("offset 4") != std::string::npos);
        CHECK(e.find("unknown opcode 199") != std::string::npos);
    }
    SUBCASE("truncated bytecode") {
        auto f = corpus::compact_loop();
        f.bytecode.resize(9); // cuts LDC at 7
        const auto e = error_of<compact_adapter>(f);
        CHECK(e.find("offset 7") != std::string::npos);
        CHECK(e.find("truncated instruction LDC") != std::string::npos);
    }
    SUBCASE("dangling extended arg") {
        auto f = corpus::straight_line();
        f.bytecode.insert(f.bytecode.end(), {S(op::extended_arg), 1});
        CHECK(error_of<semantic_adapter>(f).find("extended-arg prefix at the end") != std::string::npos);
    }
    SUBCASE("argument index out of range") {
        auto f = corpus::straight_line();
        f.bytecode[5] = 7; // load_const 7 with one constant
        const auto e = error_of<semantic_adapter>(f);
        CHECK(e.find("offset 4") != std::string::npos);
        CHECK(e.find("constant index 7 out of range (1 entries)") != std::string::npos);
        CHECK(e.find("line 2") != std::string::npos);
    }
    SUBCASE("local and name indexes") {
        auto f = corpus::nested_try();
        f.bytecode[7] = 3;
        CHECK(error_of<semantic_adapter>(f).find("name index 3 out of range") != std::string::npos);
        auto g = corpus::straight_line();
        g.bytecode[3] = 1;
        CHECK(error_of<semantic_adapter>(g).find("local variable index 1 out of range") != std::string::npos);
    }
    SUBCASE("exception table pointing outside instructions") {
        auto f = corpus::compact_try();
        f.exception_table[1].target = 22; // inside DUP at 21
        CHECK(error_of<compact_adapter>(f).find("handler is not the start of an instruction") != std::string::npos);
        f.exception_table[1].target = 21;
        f.exception_table[1].end = 100;
        CHECK(error_of<compact_adapter>(f).find("range ends outside the code") != std::string::npos);
    }
    SUBCASE("handler deeper than the stack") {
        auto f = corpus::compact_try();
        f.exception_table[0].depth = 3;
        CHECK(error_of<compact_adapter>(f).find("exception handler expects depth 3") != std::string::npos);
    }
    SUBCASE("control falls off the end") {
        auto f = corpus::straight_line();
        f.bytecode.resize(8); // drop return_value
        CHECK(error_of<semantic_adapter>(f).find("falls off the end") != std::string::npos);
    }
}

TEST_CASE("random and mutated bytecode never crashes") {
    std::mt19937 rng(12345);
    const std::vector<code_fields<constant>> seeds{corpus::straight_line(), corpus::counting_loop(), corpus::nested_try()};
    const std::vector<code_fields<constant>> compact_seeds{corpus::compact_loop(), corpus::compact_try()};
    int errors = 0;
    int accepted = 0;
    auto run = [&](auto tag, code_fields<constant> f) {
        using A = decltype(tag);
        try {
            auto instrs = decode<A>(f);
            (void)analyze_stack<A>(instrs);
            code_fields<constant> out = f;
            assemble<A>(instrs, out);
            (void)disassemble<A>(instrs);
            ++accepted;
        } catch (const bytecode_error& e) {
            CHECK(std::string(e.what()).size() > 10);
            ++errors;
        }
    };
    for (int round = 0; round < 3000; ++round) {
        const bool compact = round % 2 == 1;
        auto f = compact ? compact_seeds[rng() % compact_seeds.size()] : seeds[rng() % seeds.size()];
        const int mutation = static_cast<int>(rng() % 4);
        if (mutation == 0) {
            f.bytecode.resize(rng() % 40);
            for (auto& b : f.bytecode) b = static_cast<std::uint8_t>(rng());
        } else if (mutation == 1 && !f.bytecode.empty()) {
            for (int k = 0; k < 3; ++k) f.bytecode[rng() % f.bytecode.size()] = static_cast<std::uint8_t>(rng());
        } else if (mutation == 2) {
            f.bytecode.resize(rng() % (f.bytecode.size() + 1));
        } else if (!f.exception_table.empty()) {
            auto& e = f.exception_table[rng() % f.exception_table.size()];
            e.target = rng() % 80;
            e.depth = rng() % 6;
        }
        if (compact) run(compact_adapter{}, f);
        else run(semantic_adapter{}, f);
    }
    CHECK(errors > 100);
    CHECK(accepted + errors == 3000);
}
