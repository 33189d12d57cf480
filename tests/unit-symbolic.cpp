// Symbolic sizes: the polynomial form, Python's division, relations recorded as guards,
// ranges, specialization, evaluation against a call's sizes, and printing.
#include <lasso/symbolic/dynamic_dims.hpp>
#include <lasso/symbolic/sym_int.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using lasso::sym_bool;
using lasso::sym_int;
using lasso::symbolic::relation;
using lasso::symbolic::relation_kind;
using lasso::symbolic::shape_env;

namespace {

/// An environment with `s0` (traced as 5, read from L['x'].shape[0]) and `s1` (3, L['y'].shape[0]).
struct two_sizes {
    shape_env env;
    sym_int s0 = sym_int::of_atom(env, env.add_symbol("L['x'].shape[0]", 5));
    sym_int s1 = sym_int::of_atom(env, env.add_symbol("L['y'].shape[0]", 3));

    std::vector<std::string> guard_texts() const {
        std::vector<std::string> out;
        for (const auto& g : env.guards()) out.push_back(g.text);
        return out;
    }
    bool holds_for(std::int64_t x, std::int64_t y) const {
        const std::int64_t values[] = {x, y};
        return env.guards_hold(values);
    }
};

using texts = std::vector<std::string>;

} // namespace

TEST_CASE("symbolic sizes: arithmetic keeps one canonical form") {
    two_sizes t;
    const sym_int& s0 = t.s0;
    const sym_int& s1 = t.s1;
    CHECK((s0 + s0 - s0).same_as(s0));
    CHECK((s0 + 1).same_as(1 + s0));
    CHECK(((s0 + 1) * (s0 - 1)).text() == "s0*s0 - 1");
    CHECK((s0 * 2 + s1 - 3).text() == "2*s0 + s1 - 3");
    CHECK((s1 - s0).text() == "-s0 + s1");
    CHECK((s0 - s0).is_constant());
    CHECK((s0 - s0).constant() == 0);
    CHECK((s0 * 0).constant() == 0);
    CHECK(sym_int(4).text() == "4");
    // Hints follow the traced sizes: 2*5 + 3 - 3.
    CHECK((s0 * 2 + s1 - 3).hint() == 10);
    // Arithmetic records nothing.
    CHECK(t.env.guards().empty());
}

TEST_CASE("symbolic sizes: floor division and remainder follow Python") {
    two_sizes t;
    const sym_int& s0 = t.s0;
    // Constants: the quotient floors, the remainder takes the divisor's sign.
    CHECK(floor_div(sym_int(-7), 2).constant() == -4);
    CHECK(mod(sym_int(-7), 2).constant() == 1);
    CHECK(floor_div(sym_int(7), -2).constant() == -4);
    CHECK(mod(sym_int(7), -2).constant() == -1);
    // A divisor that divides every coefficient leaves an exact polynomial: (2*s0 + 3)//2
    // is s0 + 1, because 3//2 == 1 and the remainder 1 floors to 0.
    CHECK(floor_div(2 * s0 + 3, 2).text() == "s0 + 1");
    CHECK(mod(2 * s0 + 3, 2).constant() == 1);
    CHECK(mod(s0, 1).constant() == 0);
    // Otherwise the division is an atom.
    const sym_int half = floor_div(s0 + 1, 2);
    CHECK(half.text() == "(s0 + 1)//2");
    CHECK(half.hint() == 3);
    CHECK(mod(s0, 3).text() == "s0 % 3");
    CHECK(mod(s0, 3).hint() == 2);
    CHECK((2 * floor_div(s0, 4)).text() == "2*(s0//4)");
    // A negative divisor: 5 // -2 == -3, 5 % -2 == -1.
    CHECK(floor_div(s0, -2).text() == "-((s0 + 1)//2)");
    CHECK(floor_div(s0, -2).hint() == -3);
    CHECK(mod(s0, -2).hint() == -1);
    // The same division is one atom.
    CHECK(floor_div(s0 + 1, 2).same_as(half));
    CHECK(t.env.guards().empty());
}

TEST_CASE("symbolic sizes: a symbolic divisor is specialized, zero gives up") {
    two_sizes t;
    const sym_int q = floor_div(t.s0, t.s1);
    CHECK(q.text() == "s0//3");
    CHECK(t.guard_texts() == texts{"s1 == 3"});
    CHECK_THROWS_AS(floor_div(t.s0, 0), lasso::unsupported);
    CHECK_THROWS_AS(mod(t.s0, t.s1 - 3), lasso::unsupported);
}

TEST_CASE("symbolic sizes: overflow gives up instead of wrapping") {
    two_sizes t;
    const sym_int big(std::numeric_limits<std::int64_t>::max());
    CHECK_THROWS_AS(big + 1, lasso::unsupported);
    CHECK_THROWS_AS(big * 2, lasso::unsupported);
    CHECK_THROWS_AS(t.s0 * big * 2, lasso::unsupported);
}

TEST_CASE("symbolic sizes: a question becomes a guard unless the ranges answer it") {
    two_sizes t;
    const sym_int& s0 = t.s0;
    const sym_int& s1 = t.s1;
    // A dynamic dimension is at least 2: these need no guard.
    CHECK(static_cast<bool>(s0 >= 1));
    CHECK(static_cast<bool>(s0 != 0));
    CHECK_FALSE(static_cast<bool>(s0 == 1));
    CHECK(t.env.guards().empty());
    // 5 > 3: recorded as asked.
    CHECK(static_cast<bool>(s0 > 3));
    CHECK(t.guard_texts() == texts{"s0 > 3"});
    // The same relation asked another way is the same guard; s0 > 3 narrowed s0 to [4, ...),
    // so s0 >= 4 and s0 != 2 are known.
    CHECK(static_cast<bool>(3 < s0));
    CHECK(static_cast<bool>(2 * s0 >= 8));
    CHECK(static_cast<bool>(s0 >= 4));
    CHECK(static_cast<bool>(s0 != 2));
    CHECK(t.guard_texts() == texts{"s0 > 3"});
    // 5 == 3 is false: the negation is recorded.
    CHECK_FALSE(static_cast<bool>(s0 == s1));
    CHECK(t.guard_texts() == texts{"s0 > 3", "s0 != s1"});
    // Asking it again, either way round, adds nothing.
    CHECK(static_cast<bool>(s1 != s0));
    CHECK(t.guard_texts() == texts{"s0 > 3", "s0 != s1"});
    // A negative left side is written with the sides swapped.
    CHECK(static_cast<bool>(s0 * 2 > s1 + 1));
    CHECK(static_cast<bool>(10 - s1 > 1));
    CHECK(t.guard_texts() == texts{"s0 > 3", "s0 != s1", "2*s0 > s1 + 1", "s1 < 9"});
}

TEST_CASE("symbolic sizes: recorded relations decide later calls") {
    two_sizes t;
    CHECK(static_cast<bool>(t.s0 > 3));
    CHECK_FALSE(static_cast<bool>(t.s0 == t.s1));
    CHECK(t.holds_for(5, 3));
    CHECK(t.holds_for(7, 3));
    CHECK(t.holds_for(100, 2));
    CHECK_FALSE(t.holds_for(3, 2)); // s0 > 3 fails
    CHECK_FALSE(t.holds_for(7, 7)); // s0 != s1 fails
    // Evaluating a size against a call's values.
    const std::int64_t call[] = {7, 4};
    CHECK(t.env.evaluate((t.s0 * 2 + t.s1 - 3).poly(), call) == 15);
    CHECK(t.env.evaluate(floor_div(t.s0 + 1, 2).poly(), call) == 4);
    CHECK(t.env.evaluate(floor_div(t.s0, -2).poly(), call) == -4);
    CHECK(t.env.evaluate(mod(t.s0 + t.s1, 3).poly(), call) == 2);
}

TEST_CASE("symbolic sizes: specializing guards equality and pins the range") {
    two_sizes t;
    CHECK(t.s0.specialize() == 5);
    CHECK(t.guard_texts() == texts{"s0 == 5"});
    CHECK(t.env.symbols()[0].range == lasso::symbolic::value_range{5, 5});
    // Now known without another guard.
    CHECK(static_cast<bool>(t.s0 == 5));
    CHECK(static_cast<bool>(t.s0 < 6));
    CHECK(t.guard_texts() == texts{"s0 == 5"});
    CHECK(t.holds_for(5, 9));
    CHECK_FALSE(t.holds_for(6, 9));
    // Specializing a constant records nothing.
    CHECK(sym_int(7).specialize() == 7);
    CHECK(t.env.guards().size() == 1);
}

TEST_CASE("symbolic sizes: min and max choose by a recorded relation") {
    two_sizes t;
    CHECK(min(t.s0, t.s1).same_as(t.s1));
    CHECK(max(t.s0, t.s1).same_as(t.s0));
    // min asked s0 <= s1 (false, recorded as s0 > s1); max asked s0 >= s1, which that
    // guard already answers.
    CHECK(t.guard_texts() == texts{"s0 > s1"});
    CHECK(min(t.s0, sym_int(1)).constant() == 1); // s0 >= 2: known
    CHECK(t.env.guards().size() == 1);
}

TEST_CASE("symbolic sizes: the remainder's range is known") {
    two_sizes t;
    const sym_int r = mod(t.s0, 3);
    CHECK(static_cast<bool>(r < 3));
    CHECK(static_cast<bool>(r >= 0));
    CHECK(t.env.guards().empty());
    CHECK(t.env.range_of(r.poly()) == lasso::symbolic::value_range{0, 2});
    // mod of something already in [0, 3) is itself.
    CHECK(mod(r, 3).same_as(r));
}

TEST_CASE("symbolic sizes: sym_bool without a guard, negation and text") {
    two_sizes t;
    const sym_bool b = t.s0 > 3;
    CHECK(b.hint());
    CHECK(b.text() == "s0 > 3");
    CHECK_FALSE(b.known().has_value());
    CHECK((!b).text() == "s0 <= 3");
    CHECK(t.env.guards().empty());
    const sym_bool constant = sym_int(2) < sym_int(3);
    CHECK(constant.known() == true);
    CHECK(constant.text() == "True");
}

TEST_CASE("symbolic sizes: canonical relations") {
    using lasso::symbolic::polynomial;
    const polynomial s = polynomial::atom(0);
    CHECK(relation::canonical(s.scaled(2) - 4, relation_kind::eq) == relation::canonical(s - 2, relation_kind::eq));
    CHECK(relation::canonical(s.scaled(2) - 3, relation_kind::eq).decided() == false);
    CHECK(relation::canonical(s.scaled(2) - 3, relation_kind::ne).decided() == true);
    CHECK(relation::canonical(s - 3, relation_kind::gt) == relation::canonical(s.scaled(2) - 8, relation_kind::ge));
    CHECK(relation::canonical(-s + 2, relation_kind::eq) == relation::canonical(s - 2, relation_kind::eq));
    CHECK(relation::canonical(polynomial(3), relation_kind::lt).decided() == false);
}

TEST_CASE("symbolic sizes: duck sizing finds the symbol of an equal size") {
    two_sizes t;
    CHECK(t.env.symbol_with_hint(3) == 1u);
    CHECK_FALSE(t.env.symbol_with_hint(4).has_value());
    CHECK(t.env.symbols()[1].source == "L['y'].shape[0]");
    CHECK(t.env.symbols()[1].name == "s1");
}

TEST_CASE("dynamic dimensions: a size that changes at the same rank becomes dynamic") {
    lasso::symbolic::dynamic_dims record;
    const std::int64_t first[] = {2, 3}, second[] = {5, 3}, third[] = {7, 4}, rank3[] = {1, 2, 3};
    CHECK(record.observe("L['x']", first).empty()); // nothing seen before
    CHECK_FALSE(record.any());
    const auto changes = record.observe("L['x']", second);
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].dim == 0);
    CHECK(changes[0].before == 2);
    CHECK(changes[0].now == 5);
    CHECK(record.is_dynamic("L['x']", 0));
    CHECK_FALSE(record.is_dynamic("L['x']", 1));
    CHECK_FALSE(record.is_dynamic("L['y']", 0));
    // Dimension 0 is already dynamic: only dimension 1 is new.
    const auto more = record.observe("L['x']", third);
    REQUIRE(more.size() == 1);
    CHECK(more[0].dim == 1);
    // A rank change marks nothing and keeps what is marked.
    CHECK(record.observe("L['x']", rank3).empty());
    CHECK(record.is_dynamic("L['x']", 0));
    CHECK(record.is_dynamic("L['x']", 1));
    CHECK_FALSE(record.is_dynamic("L['x']", 2));
    // Marked directly (mark_dynamic, dynamic=True); past the 64th dimension nothing is.
    record.mark("L['y']", 2);
    CHECK(record.is_dynamic("L['y']", 2));
    record.mark("L['y']", 64);
    CHECK_FALSE(record.is_dynamic("L['y']", 64));
    record.clear();
    CHECK_FALSE(record.any());
}

TEST_CASE("dynamic dimensions: an int input that changes becomes dynamic") {
    lasso::symbolic::dynamic_dims record;
    CHECK_FALSE(record.observe_int("L['n']", 2)); // nothing seen before
    CHECK_FALSE(record.observe_int("L['n']", 2)); // the same value
    CHECK(record.take_news().empty());
    CHECK(record.observe_int("L['n']", 3));
    CHECK(record.take_news() == std::vector<std::string>{"L['n']: 2 -> 3, now dynamic"});
    CHECK(record.observe_int("L['n']", 9)); // stays dynamic, and says nothing new
    CHECK(record.take_news().empty());
    // A tensor and an int at one source are not compared with each other.
    const std::int64_t sizes[] = {4};
    CHECK(record.observe("L['m']", sizes).empty());
    CHECK_FALSE(record.observe_int("L['m']", 5));
    CHECK(record.observe("L['m']", sizes).empty());
    CHECK_FALSE(record.is_dynamic("L['m']", 0));
}

TEST_CASE("symbolic sizes: exact division divides polynomials without a guard") {
    two_sizes t;
    const sym_int& s0 = t.s0;
    const sym_int& s1 = t.s1;
    CHECK(divide_exactly(6 * s0 * s1, 2 * s0)->same_as(3 * s1));
    CHECK(divide_exactly(3 * s0 + 6, 3)->same_as(s0 + 2));
    CHECK(divide_exactly(s0 * s1, s1)->same_as(s0));
    CHECK(t.env.guards().empty());
    // 5*3 is not a multiple of 2: nothing, after asking (s0*s1) % 2 == 0 of the traced sizes.
    CHECK_FALSE(divide_exactly(s0 * s1, sym_int(2)).has_value());
    CHECK(t.guard_texts() == texts{"(s0*s1) % 2 != 0"});
    // Not a polynomial quotient but a multiple for the traced sizes: specialized.
    CHECK(divide_exactly(s0 + 1, s1)->text() == "(s0 + 1)//3");
    CHECK(t.guard_texts() == texts{"(s0*s1) % 2 != 0", "s1 == 3", "(s0 + 1) % 3 == 0"});
    CHECK(divide_exactly(sym_int(12), sym_int(4))->constant() == 3);
    CHECK_FALSE(divide_exactly(sym_int(12), sym_int(0)).has_value());
}
