// The registry of reasons (lasso/reasons.hpp): the tables' compile-time checks, ids
// carried in front of a reason's text and split off again, and the records explain
// keeps (id, message, hint).
#include <lasso/reasons.hpp>
#include <lasso/runtime/explain.hpp>
#include <lasso/unsupported.hpp>

#include <doctest/doctest.h>

#include <array>
#include <string>

namespace {

constexpr std::array<lasso::reason_entry, 2> adapter_table{{
    {"XY0001", "xy_first", "first", "the first entry", "do the first thing", "", lasso::reason_category::lasso_limit},
    {"XY0002", "xy_second", "second", "the second entry", "do the second thing", "", lasso::reason_category::user_error},
}};
static_assert(lasso::valid_reason_table(adapter_table));
static_assert(lasso::disjoint_reason_tables(lasso::library_reasons, adapter_table));
constexpr lasso::reason_kind xy_second = lasso::find_reason(adapter_table, "xy_second");
static_assert(xy_second.id() == "XY0002");

// Tables the checks reject.
constexpr std::array<lasso::reason_entry, 2> out_of_order{{
    {"XY0002", "a", "a", "a", "a", "", lasso::reason_category::lasso_limit},
    {"XY0001", "b", "b", "b", "b", "", lasso::reason_category::lasso_limit},
}};
static_assert(!lasso::valid_reason_table(out_of_order));
constexpr std::array<lasso::reason_entry, 2> same_name{{
    {"XY0001", "a", "a", "a", "a", "", lasso::reason_category::lasso_limit},
    {"XY0002", "a", "b", "b", "b", "", lasso::reason_category::lasso_limit},
}};
static_assert(!lasso::valid_reason_table(same_name));
constexpr std::array<lasso::reason_entry, 2> two_prefixes{{
    {"XY0001", "a", "a", "a", "a", "", lasso::reason_category::lasso_limit},
    {"XZ0002", "b", "b", "b", "b", "", lasso::reason_category::lasso_limit},
}};
static_assert(!lasso::valid_reason_table(two_prefixes));
constexpr std::array<lasso::reason_entry, 1> no_hint{{
    {"XY0001", "a", "a", "a", "", "", lasso::reason_category::lasso_limit},
}};
static_assert(!lasso::valid_reason_table(no_hint));
constexpr std::array<lasso::reason_entry, 1> library_id{{
    {"LB0001", "mine", "a", "a", "a", "", lasso::reason_category::lasso_limit},
}};
static_assert(!lasso::disjoint_reason_tables(lasso::library_reasons, library_id));

} // namespace

TEST_CASE("a reason's id goes in front of its text and comes off again") {
    const std::string t = lasso::tagged(lasso::reasons::builtin_call, "call of print()");
    CHECK(t == "LB0001 call of print()");
    const auto u = lasso::untag(t);
    CHECK(u.id == "LB0001");
    CHECK(u.text == "call of print()");
    // Text that does not start with an id is left whole.
    CHECK(lasso::untag("LB01 x").id.empty());
    CHECK(lasso::untag("call of print()").text == "call of print()");
    CHECK(lasso::untag("ABCDE0001 x").id.empty());
}

TEST_CASE("give_up throws the entry with the parts joined") {
    try {
        lasso::give_up(lasso::reasons::would_raise, "global '", "x", "' is not defined");
        FAIL("give_up returned");
    } catch (const lasso::unsupported& u) {
        CHECK(u.why.id() == "LB0010");
        CHECK(u.reason == "global 'x' is not defined");
        CHECK(u.breakable);
        CHECK(u.tagged() == "LB0010 global 'x' is not defined");
    }
    try {
        lasso::give_up_frame(lasso::reasons::trace_too_long, "loop unrolled too far");
        FAIL("give_up_frame returned");
    } catch (const lasso::unsupported& u) {
        CHECK(!u.breakable);
        CHECK(u.why.entry().name == "trace_too_long");
    }
}

TEST_CASE("explain records: id and hint split off, found in the library's or an adapter's table") {
    const auto lib = lasso::identify({lasso::tagged(lasso::reasons::builtin_call, "call of print()"), 3});
    CHECK(lib.id == "LB0001");
    CHECK(lib.reason == "call of print()");
    CHECK(lib.hint == lasso::reasons::builtin_call.hint());
    CHECK(lasso::describe_record(lib) ==
          "LB0001 call of print() (line 3)\n   hint: " + std::string(lasso::reasons::builtin_call.hint()));
    const auto own = lasso::identify({lasso::tagged(xy_second, "second thing"), -1}, adapter_table);
    CHECK(own.id == "XY0002");
    CHECK(own.hint == "do the second thing");
    // An adapter id without its table: the id is kept, no hint.
    const auto unknown = lasso::identify({lasso::tagged(xy_second, "second thing"), -1});
    CHECK(unknown.id == "XY0002");
    CHECK(unknown.hint.empty());
    // Text without an id is kept as it is.
    const auto plain = lasso::identify({"no id here", 1});
    CHECK(plain.id.empty());
    CHECK(plain.reason == "no id here");
}

TEST_CASE("every library entry can be looked up by its id") {
    for (const auto& e : lasso::library_reasons) {
        const auto* found = lasso::find_reason_by_id(e.id);
        REQUIRE(found);
        CHECK(found == &e);
    }
    CHECK(lasso::find_reason_by_id("LB9999") == nullptr);
    CHECK(lasso::find_reason_by_id("XY0001", adapter_table) == &adapter_table[0]);
}
