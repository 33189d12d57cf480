// Trackers: the variant assembled from a type list, user extension, the arena.
#include <lasso/lasso.hpp>

#include <doctest/doctest.h>

#include <string>
#include <type_traits>

namespace trackers = lasso::trackers;
namespace hana = boost::hana;

namespace {
struct test_meta {
    std::string dtype;
};
using value = int;
constexpr auto standard = trackers::default_trackers<value, test_meta>;
using standard_variant = lasso::tracker_variant_t<decltype(standard)>;

/// A user-defined tracker, as a custom tracer would add.
struct quantized {
    int bits = 8;
};
constexpr auto extended = lasso::extend_trackers(standard, hana::tuple_t<quantized>);
using extended_variant = lasso::tracker_variant_t<decltype(extended)>;
} // namespace

static_assert(std::variant_size_v<standard_variant> == 23);
static_assert(std::variant_size_v<extended_variant> == 24);
static_assert(std::is_same_v<std::variant_alternative_t<0, standard_variant>, trackers::tensor<test_meta>>);
static_assert(std::is_same_v<std::variant_alternative_t<23, extended_variant>, quantized>);
static_assert(lasso::has_tracker_v<decltype(extended), quantized>);
static_assert(!lasso::has_tracker_v<decltype(standard), quantized>);

TEST_CASE("the arena hands out handles and rolls back") {
    lasso::tracker_arena<extended_variant> arena;
    lasso::source_table<value> sources;
    const auto c = arena.add(trackers::constant_value{std::int64_t{3}});
    const auto q = arena.add(quantized{4}, sources.local("q"));
    const auto t = arena.add(trackers::tuple{{c, q}});
    CHECK(arena.size() == 3);
    CHECK(arena.get_if<quantized>(q)->bits == 4);
    CHECK(arena.get_if<quantized>(c) == nullptr);
    CHECK(arena[q].source.has_value());
    CHECK_FALSE(arena[c].source.has_value());
    CHECK(arena.get_if<trackers::tuple>(t)->items[1] == q);

    const auto cp = arena.checkpoint();
    arena.add(trackers::null{});
    arena.add(trackers::list{{t}});
    CHECK(arena.size() == 5);
    arena.rollback(cp);
    CHECK(arena.size() == 3);
    CHECK_THROWS_WITH_AS((void)arena[lasso::tracker_ref{3}], "tracker handle 3 is not in the arena (size 3)",
                         std::out_of_range);

    // Behaviour by std::visit: a user type gets its own overload, the rest a default.
    auto describe = [&](lasso::tracker_ref r) {
        return std::visit(
            [](const auto& tr) -> std::string {
                using T = std::decay_t<decltype(tr)>;
                if constexpr (std::is_same_v<T, quantized>) return "quantized " + std::to_string(tr.bits);
                else if constexpr (std::is_same_v<T, trackers::constant_value>) return lasso::repr(tr.value);
                else return "other";
            },
            arena[r].data);
    };
    CHECK(describe(q) == "quantized 4");
    CHECK(describe(c) == "3");
    CHECK(describe(t) == "other");
}

TEST_CASE("the arena keeps records in place as it grows, and moves as a whole") {
    lasso::tracker_arena<extended_variant> arena;
    const auto first = arena.add(trackers::tuple{{}});
    const trackers::tuple* pointer = arena.get_if<trackers::tuple>(first);
    // Well past one chunk: records already added do not move.
    for (int i = 0; i < 2000; ++i) arena.add(trackers::constant_value{std::int64_t{i}});
    CHECK(arena.get_if<trackers::tuple>(first) == pointer);
    CHECK(arena.size() == 2001);
    CHECK(std::get<std::int64_t>(arena.get_if<trackers::constant_value>(lasso::tracker_ref{1500})->value) == 1499);

    // Rolling back across chunk boundaries, then adding again, reuses the positions.
    arena.rollback(10);
    CHECK(arena.size() == 10);
    const auto again = arena.add(trackers::list{{first}});
    CHECK(again.index == 10);
    CHECK(arena.get_if<trackers::list>(again)->items[0] == first);

    lasso::tracker_arena<extended_variant> moved(std::move(arena));
    CHECK(moved.size() == 11);
    CHECK(moved.get_if<trackers::tuple>(first) == pointer);
    CHECK(arena.size() == 0);
    arena = std::move(moved);
    CHECK(arena.size() == 11);
    CHECK(arena.get_if<trackers::tuple>(first) == pointer);
    static_assert(!std::is_copy_constructible_v<lasso::tracker_arena<extended_variant>>);
}

TEST_CASE("every record reads back across chunk boundaries, with and without reserve") {
    for (const std::size_t reserved : {std::size_t{0}, std::size_t{1000}, std::size_t{70000}}) {
        CAPTURE(reserved);
        lasso::tracker_arena<extended_variant> arena;
        arena.reserve(reserved);
        constexpr std::int64_t count = 50000;
        for (std::int64_t i = 0; i < count; ++i) arena.add(trackers::constant_value{i});
        REQUIRE(arena.size() == static_cast<std::size_t>(count));
        bool all_match = true;
        for (std::int64_t i = 0; i < count; ++i) {
            const auto* c = arena.get_if<trackers::constant_value>(lasso::tracker_ref{static_cast<std::uint32_t>(i)});
            all_match = all_match && c && std::get<std::int64_t>(c->value) == i;
        }
        CHECK(all_match);
        // Distinct records never share storage.
        CHECK(arena.get_if<trackers::constant_value>(lasso::tracker_ref{255}) !=
              arena.get_if<trackers::constant_value>(lasso::tracker_ref{256}));
    }
}
