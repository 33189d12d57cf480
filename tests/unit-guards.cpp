// Guards: compiled programs check frames, name the failing guard, and share accessors.
#include "tiny_runtime.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiny = lasso_test::tiny;
using lasso::guard_kind;
using guard = lasso::guard<tiny::tensor_meta>;

namespace {
guard type_guard(lasso::source_ref s, const tiny::value& v) {
    guard g;
    g.kind = guard_kind::type_match;
    g.source = s;
    g.expected_id = tiny::adapter::type_identity(v);
    g.type_name = tiny::type_name(v);
    return g;
}
guard tensor_guard(lasso::source_ref s, tiny::tensor_meta m) {
    guard g;
    g.kind = guard_kind::tensor_match;
    g.source = s;
    g.expected_meta = std::move(m);
    return g;
}
guard constant_guard(lasso::source_ref s, lasso::constant c) {
    guard g;
    g.kind = guard_kind::constant_match;
    g.source = s;
    g.expected_constant = std::move(c);
    return g;
}
guard length_guard(lasso::source_ref s, std::size_t n) {
    guard g;
    g.kind = guard_kind::length_match;
    g.source = s;
    g.expected_length = n;
    return g;
}

struct fixture {
    lasso::source_table<tiny::value> sources;
    std::vector<guard> guards;
    tiny::frame frame;
    std::vector<std::string> varnames{"x", "n", "xs"};
    std::vector<std::string> cellnames{"c"};

    fixture() {
        frame.locals = {tiny::make(tiny::tensor{{"f64", {3, 4}}, {}}), tiny::make(std::int64_t{2}),
                        tiny::make(tiny::list{{tiny::make(tiny::tensor{{"f64", {4}}, {}}), tiny::make(std::int64_t{7})}})};
        frame.cells = {tiny::make(1.5)};
        tiny::instance model{"Model", {}};
        model.attributes["scale"] = tiny::make(std::int64_t{3});
        frame.globals["model"] = tiny::make(model);
        const auto x = sources.local("x");
        const auto n = sources.local("n");
        const auto xs = sources.local("xs");
        guards.push_back(tensor_guard(x, {"f64", {3, 4}}));
        guards.push_back(constant_guard(n, std::int64_t{2}));
        guards.push_back(type_guard(xs, frame.locals[2].value()));
        guards.push_back(length_guard(xs, 2));
        guards.push_back(tensor_guard(sources.item(xs, 0), {"f64", {4}}));
        guards.push_back(constant_guard(sources.item(sources.local("xs"), 1), std::int64_t{7}));
        guards.push_back(constant_guard(sources.attribute(sources.global("model"), "scale"), std::int64_t{3}));
        guards.push_back(constant_guard(sources.local_cell("c"), 1.5));
        guard grad;
        grad.kind = guard_kind::global_state;
        grad.expected_flag = true;
        guards.push_back(grad);
    }
    lasso::guard_program<tiny::adapter> compile() const {
        return lasso::compile_guards<tiny::adapter>(guards, sources, varnames, cellnames);
    }
};
} // namespace

TEST_CASE("a matching frame passes every guard") {
    fixture f;
    auto program = f.compile();
    CHECK(program.size() == 9);
    CHECK(program.check(f.frame));
    CHECK_FALSE(program.explain(f.frame).has_value());
}

TEST_CASE("each kind of mismatch is caught and named") {
    fixture f;
    auto program = f.compile();
    SUBCASE("tensor shape") {
        f.frame.locals[0] = tiny::make(tiny::tensor{{"f64", {2, 4}}, {}});
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->index == 0);
        CHECK(failure->reason == "L['x'] is a tensor f64[3, 4], but got a tensor f64[2, 4]");
    }
    SUBCASE("tensor dtype") {
        f.frame.locals[0] = tiny::make(tiny::tensor{{"i64", {3, 4}}, {}});
        CHECK(program.first_failure(f.frame) == 0);
    }
    SUBCASE("constant") {
        f.frame.locals[1] = tiny::make(std::int64_t{3});
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->reason == "L['n'] == 2, but got int 3");
    }
    SUBCASE("constant of another type with an equal value") {
        f.frame.locals[1] = tiny::make(2.0);
        CHECK(program.first_failure(f.frame) == 1);
    }
    SUBCASE("type") {
        f.frame.locals[2] = tiny::make(tiny::tuple{{tiny::make(std::int64_t{1}), tiny::make(std::int64_t{7})}});
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->index == 2);
        CHECK(failure->reason == "type(L['xs']) is list, but got a tuple of 2");
    }
    SUBCASE("length") {
        std::get<tiny::list>(f.frame.locals[2].value()->data).items.push_back(tiny::none());
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->reason == "len(L['xs']) == 2, but got a list of 3");
    }
    SUBCASE("nested item") {
        std::get<tiny::list>(f.frame.locals[2].value()->data).items[1] = tiny::make(std::int64_t{8});
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->index == 5);
        CHECK(failure->reason == "L['xs'][1] == 7, but got int 8");
    }
    SUBCASE("global attribute") {
        std::get<tiny::instance>(f.frame.globals["model"]->data).attributes["scale"] = tiny::make(std::int64_t{4});
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->reason == "G['model'].scale == 3, but got int 4");
    }
    SUBCASE("missing attribute") {
        std::get<tiny::instance>(f.frame.globals["model"]->data).attributes.clear();
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->index == 6);
        CHECK(failure->reason == "G['model'].scale == 3, but got <missing>");
    }
    SUBCASE("unbound local") {
        f.frame.locals[1].reset();
        CHECK(program.first_failure(f.frame) == 1);
    }
    SUBCASE("cell contents") {
        f.frame.cells[0] = tiny::make(2.5);
        CHECK(program.explain(f.frame)->reason == "L['c'] == 1.5, but got a value of type float");
    }
    SUBCASE("grad mode") {
        tiny::grad_mode = false;
        auto failure = program.explain(f.frame);
        tiny::grad_mode = true;
        REQUIRE(failure);
        CHECK(failure->index == 8);
        CHECK(failure->reason == "grad mode is enabled, but it is disabled");
    }
}

TEST_CASE("the program lists its guards readably") {
    fixture f;
    CHECK(f.compile().describe() ==
          "tensor L['x']: f64[3, 4]\n"
          "L['n'] == 2\n"
          "type(L['xs']) is list\n"
          "len(L['xs']) == 2\n"
          "tensor L['xs'][0]: f64[4]\n"
          "L['xs'][1] == 7\n"
          "G['model'].scale == 3\n"
          "L['c'] == 1.5\n"
          "grad_mode == True\n");
}

TEST_CASE("bad guard lists are errors") {
    fixture f;
    f.guards.push_back(constant_guard(f.sources.local("nope"), std::int64_t{1}));
    CHECK_THROWS_WITH_AS(f.compile(), "guard on unknown local 'nope'", lasso::guard_error);
    fixture g;
    g.guards.push_back(constant_guard(g.sources.constant(tiny::none()), std::int64_t{1}));
    CHECK_THROWS_WITH_AS(g.compile(), "a constant source cannot be guarded", lasso::guard_error);
    // Cell objects need lasso::CellIdentityAdapter, which the tiny adapter is not.
    fixture h;
    h.guards.push_back(constant_guard(h.sources.frame_cell("c"), std::int64_t{1}));
    CHECK_THROWS_WITH_AS(h.compile(), "the adapter cannot read the frame's cell objects (frame_cell): cell(L['c'])",
                         lasso::guard_error);
}

TEST_CASE("python-style constant printing") {
    CHECK(lasso::repr(lasso::constant{1.0}) == "1.0");
    CHECK(lasso::repr(lasso::constant{0.1}) == "0.1");
    CHECK(lasso::repr(lasso::constant{1e-05}) == "1e-05");
    CHECK(lasso::repr(lasso::constant{1e16}) == "1e+16");
    CHECK(lasso::repr(lasso::constant{123456789012345.0}) == "123456789012345.0");
    CHECK(lasso::repr(lasso::constant{-0.0}) == "-0.0");
    CHECK(lasso::repr(lasso::constant{0.0001}) == "0.0001");
    CHECK(lasso::repr(lasso::constant{1.5e300}) == "1.5e+300");
    CHECK(lasso::repr(lasso::constant{std::string("it's")}) == "\"it's\"");
    CHECK(lasso::repr(lasso::constant{std::string("a\nb")}) == "'a\\nb'");
    CHECK(lasso::repr(lasso::constant{lasso::none_t{}}) == "None");
    CHECK(lasso::repr(lasso::constant{true}) == "True");
}

TEST_CASE("a string's characters are the code points of its UTF-8 text") {
    const std::string text = "a\xc3\xa9\xe2\x82\xac"; // "aé€": 1, 2 and 3 bytes
    const auto starts = lasso::character_starts(text);
    CHECK(starts == std::vector<std::size_t>{0, 1, 3});
    CHECK(lasso::character_at(text, starts, 1) == "\xc3\xa9");
    CHECK(lasso::character_at(text, starts, 2) == "\xe2\x82\xac");
    CHECK(lasso::character_starts("").empty());
    CHECK(lasso::character_count(text) == 3);
    CHECK(lasso::character_count("") == 0);
}

TEST_CASE("messages show a long string constant by its start and its length") {
    const std::string sixty(60, 'a');
    CHECK(lasso::brief_repr(lasso::constant{sixty}) == "'" + sixty + "'");
    CHECK(lasso::brief_repr(lasso::constant{sixty + "b"}) == "'" + sixty + "...' (61 characters)");
    // Escapes are those of repr, on the characters shown.
    CHECK(lasso::brief_repr(lasso::constant{std::string(59, 'x') + "\n" + std::string(1000, 'y')}) ==
          "'" + std::string(59, 'x') + "\\n...' (1060 characters)");
    // Characters are code points of the UTF-8 text, never cut in two.
    std::string e_acute;
    for (int i = 0; i < 70; ++i) e_acute += "\xc3\xa9";
    CHECK(lasso::brief_repr(lasso::constant{e_acute.substr(0, 120)}) == "'" + e_acute.substr(0, 120) + "'");
    CHECK(lasso::brief_repr(lasso::constant{e_acute}) == "'" + e_acute.substr(0, 120) + "...' (70 characters)");
    CHECK(lasso::brief_repr(lasso::constant{std::int64_t{12345678}}) == "12345678");
    CHECK(lasso::brief_repr(lasso::constant{lasso::none_t{}}) == "None");
}

TEST_CASE("a passing check reads frame values in place and holds the values it derives") {
    fixture f;
    auto program = f.compile();
    REQUIRE(program.check(f.frame));
    const auto x = program.accessor_named("L['x']");
    REQUIRE(x);
    CHECK(&program.value_at(*x) == &*f.frame.locals[0]); // no copy of a local
    CHECK(program.local_index(*x) == std::optional<std::size_t>(0));
    const auto scale = program.accessor_named("G['model'].scale");
    REQUIRE(scale);
    CHECK_FALSE(program.local_index(*scale));
    CHECK(std::get<std::int64_t>(program.value_at(*scale)->data) == 3); // held by the program
    CHECK_FALSE(program.accessor_named("L['nope']"));
}

TEST_CASE("an absent guard passes while the attribute is missing, and shares its base's accessor") {
    fixture f;
    guard absent;
    absent.kind = guard_kind::absent;
    absent.source = f.sources.attribute(f.sources.global("model"), "forward");
    f.guards.push_back(absent);
    auto program = f.compile();
    CHECK(program.size() == 10);
    CHECK(program.check(f.frame));
    CHECK(program.describe().find("G['model'].forward is absent\n") != std::string::npos);
    SUBCASE("the object gets an attribute of that name") {
        std::get<tiny::instance>(f.frame.globals["model"]->data).attributes["forward"] = tiny::make(std::int64_t{1});
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->index == 9);
        CHECK(failure->reason == "G['model'].forward is absent, but got int 1");
    }
    SUBCASE("the base itself is gone: the checks on the base fail first") {
        f.frame.globals.erase("model");
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->index == 6);
    }
}

TEST_CASE("a present guard passes whatever the attribute's value, and fails once it is missing") {
    fixture f;
    guard present;
    present.kind = guard_kind::present;
    present.source = f.sources.attribute(f.sources.global("model"), "forward");
    f.guards.push_back(present);
    auto& attributes = std::get<tiny::instance>(f.frame.globals["model"]->data).attributes;
    attributes["forward"] = tiny::make(std::int64_t{1});
    auto program = f.compile();
    CHECK(program.check(f.frame));
    CHECK(program.describe().find("G['model'].forward is present\n") != std::string::npos);
    attributes["forward"] = tiny::make(2.5);
    CHECK(program.check(f.frame));
    attributes.erase("forward");
    auto failure = program.explain(f.frame);
    REQUIRE(failure);
    CHECK(failure->reason == "G['model'].forward is present, but it is absent");
}

TEST_CASE("a same-object guard compares the identities of two values, either way") {
    fixture f;
    guard distinct;
    distinct.kind = guard_kind::same_object;
    distinct.source = f.sources.local("x");
    distinct.other_source = f.sources.item(f.sources.local("xs"), 0);
    distinct.expected_flag = false;
    f.guards.push_back(distinct);
    auto program = f.compile();
    CHECK(program.size() == 10);
    CHECK(program.check(f.frame));
    CHECK(program.describe().find("L['x'] is not L['xs'][0]\n") != std::string::npos);
    SUBCASE("the same tensor in both places fails it") {
        // Same metadata as the item's guard expects, so only the identity check fails.
        f.frame.locals[0] = tiny::make(tiny::tensor{{"f64", {4}}, {}});
        std::get<tiny::list>(f.frame.locals[2].value()->data).items[0] = *f.frame.locals[0];
        f.guards[0] = tensor_guard(f.sources.local("x"), {"f64", {4}});
        auto again = f.compile();
        auto failure = again.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->index == 9);
        CHECK(failure->reason == "L['x'] is not L['xs'][0], but it is");
        f.guards[9].expected_flag = true;
        CHECK(f.compile().check(f.frame));
        CHECK(f.compile().describe().find("L['x'] is L['xs'][0]\n") != std::string::npos);
    }
    SUBCASE("without a second source it is an error") {
        f.guards[9].other_source.reset();
        CHECK_THROWS_AS(f.compile(), lasso::guard_error);
    }
}

namespace {
// The tiny adapter with object versions: the test sets each object's version by hand
// (0 for objects it never set) and counts the attribute reads guards make.
struct versioned_adapter : tiny::adapter {
    static constexpr lasso::feature_set features = tiny::adapter::features | lasso::feature::object_versions;
    static inline int attribute_reads = 0;
    static inline std::map<const tiny::object*, std::uint64_t> versions;
    static std::optional<tiny::value> attribute(const tiny::value& v, std::string_view name) {
        ++attribute_reads;
        return tiny::adapter::attribute(v, name);
    }
    static std::uint64_t object_version(const tiny::value& v) {
        auto it = versions.find(v.get());
        return it == versions.end() ? 0 : it->second;
    }
};
static_assert(lasso::VersionedObjectsAdapter<versioned_adapter>);

tiny::instance& instance_of(const tiny::value& v) { return std::get<tiny::instance>(v->data); }
} // namespace

TEST_CASE("guards reuse what they read from an object whose version did not change") {
    fixture f;
    f.guards.push_back(constant_guard(f.sources.attribute(f.sources.global("model"), "scale"), std::int64_t{3}));
    auto program = lasso::compile_guards<versioned_adapter>(f.guards, f.sources, f.varnames, f.cellnames);
    versioned_adapter::versions = {{f.frame.globals["model"].get(), 5}};
    versioned_adapter::attribute_reads = 0;
    REQUIRE(program.check(f.frame)); // the first check reads and records version 5
    CHECK(versioned_adapter::attribute_reads == 1);
    REQUIRE(program.check(f.frame));
    CHECK(versioned_adapter::attribute_reads == 1); // unchanged: not read again

    SUBCASE("the guards rely on the version: a change it does not show goes unseen") {
        instance_of(f.frame.globals["model"]).attributes["scale"] = tiny::make(std::int64_t{4});
        CHECK(program.check(f.frame));
        CHECK(versioned_adapter::attribute_reads == 1);
    }
    SUBCASE("a new version is read again") {
        instance_of(f.frame.globals["model"]).attributes["scale"] = tiny::make(std::int64_t{4});
        versioned_adapter::versions[f.frame.globals["model"].get()] = 6;
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->reason == "G['model'].scale == 3, but got int 4");
        CHECK(versioned_adapter::attribute_reads == 2);
    }
    SUBCASE("another object with the same version is read again") {
        tiny::instance other{"Model", {}};
        other.attributes["scale"] = tiny::make(std::int64_t{4});
        f.frame.globals["model"] = tiny::make(other);
        versioned_adapter::versions[f.frame.globals["model"].get()] = 5;
        CHECK_FALSE(program.check(f.frame));
        CHECK(versioned_adapter::attribute_reads == 2);
    }
    SUBCASE("an object without a version is read on every check") {
        versioned_adapter::versions.clear();
        CHECK(program.check(f.frame));
        CHECK(program.check(f.frame));
        CHECK(versioned_adapter::attribute_reads == 3);
    }
}

namespace {
// With the fact that types and tensor metadata never change in place: counts the type
// and tensor checks guards make.
struct fixed_shapes_adapter : versioned_adapter {
    static constexpr lasso::feature_set features = versioned_adapter::features | lasso::feature::fixed_types_and_shapes;
    static inline int type_checks = 0, tensor_checks = 0;
    static std::uintptr_t type_identity(const tiny::value& v) {
        ++type_checks;
        return tiny::adapter::type_identity(v);
    }
    static bool matches_tensor_meta(const tiny::value& v, const tiny::tensor_meta& m) {
        ++tensor_checks;
        return tiny::adapter::matches_tensor_meta(v, m);
    }
};
} // namespace

TEST_CASE("type and tensor checks of a value that passed them at the last check are skipped") {
    // G['model'] (versioned) holds a tensor `w`; L['xs'] is a list, which has no version.
    fixture f;
    f.guards.clear();
    instance_of(f.frame.globals["model"]).attributes["w"] = tiny::make(tiny::tensor{{"f64", {2}}, {}});
    const auto model = f.sources.global("model");
    f.guards.push_back(type_guard(model, f.frame.globals["model"]));
    f.guards.push_back(tensor_guard(f.sources.attribute(model, "w"), {"f64", {2}}));
    f.guards.push_back(tensor_guard(f.sources.item(f.sources.local("xs"), 0), {"f64", {4}}));
    auto program = lasso::compile_guards<fixed_shapes_adapter>(f.guards, f.sources, f.varnames, f.cellnames);
    versioned_adapter::versions = {{f.frame.globals["model"].get(), 1}};
    fixed_shapes_adapter::type_checks = fixed_shapes_adapter::tensor_checks = 0;
    REQUIRE(program.check(f.frame));
    CHECK(fixed_shapes_adapter::type_checks == 1);
    CHECK(fixed_shapes_adapter::tensor_checks == 2);
    REQUIRE(program.check(f.frame)); // model unchanged: its type and w are not checked again
    CHECK(fixed_shapes_adapter::type_checks == 1);
    CHECK(fixed_shapes_adapter::tensor_checks == 3); // xs[0]: a list's item is checked every time

    SUBCASE("a new version checks them again") {
        instance_of(f.frame.globals["model"]).attributes["w"] = tiny::make(tiny::tensor{{"i64", {2}}, {}});
        versioned_adapter::versions[f.frame.globals["model"].get()] = 2;
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->index == 1);
        CHECK(fixed_shapes_adapter::type_checks == 2);
    }
    SUBCASE("after a failed check nothing is skipped") {
        const auto xs = f.frame.locals[2];
        f.frame.locals[2] = tiny::make(tiny::list{{tiny::make(tiny::tensor{{"f64", {5}}, {}})}});
        CHECK_FALSE(program.check(f.frame)); // the check before passed: model and w skipped
        CHECK(fixed_shapes_adapter::type_checks == 1);
        CHECK(fixed_shapes_adapter::tensor_checks == 4);
        f.frame.locals[2] = xs;
        CHECK(program.check(f.frame)); // the check before failed: all run
        CHECK(fixed_shapes_adapter::type_checks == 2);
        CHECK(fixed_shapes_adapter::tensor_checks == 6);
    }
}

TEST_CASE("a check that stops early forgets the versions it recorded") {
    // Accessors in order: model, model.a, xs, xs[1], model.b. The second check records
    // model's new version, then stops at the missing xs[1], before reading model.b.
    fixture f;
    f.guards.clear();
    const auto model = f.sources.global("model");
    instance_of(f.frame.globals["model"]).attributes["a"] = tiny::make(std::int64_t{1});
    instance_of(f.frame.globals["model"]).attributes["b"] = tiny::make(std::int64_t{2});
    f.guards.push_back(constant_guard(f.sources.attribute(model, "a"), std::int64_t{1}));
    f.guards.push_back(constant_guard(f.sources.item(f.sources.local("xs"), 1), std::int64_t{7}));
    f.guards.push_back(constant_guard(f.sources.attribute(model, "b"), std::int64_t{2}));
    auto program = lasso::compile_guards<versioned_adapter>(f.guards, f.sources, f.varnames, f.cellnames);
    versioned_adapter::versions = {{f.frame.globals["model"].get(), 1}};
    REQUIRE(program.check(f.frame));

    instance_of(f.frame.globals["model"]).attributes["b"] = tiny::make(std::int64_t{9});
    versioned_adapter::versions[f.frame.globals["model"].get()] = 2;
    const auto xs = f.frame.locals[2];
    f.frame.locals[2] = tiny::make(tiny::list{{tiny::make(std::int64_t{0})}});
    auto failure = program.explain(f.frame);
    REQUIRE(failure);
    CHECK(failure->index == 1); // xs[1] is missing

    f.frame.locals[2] = xs; // back, model still at version 2: model.b must be read
    failure = program.explain(f.frame);
    REQUIRE(failure);
    CHECK(failure->reason == "G['model'].b == 2, but got int 9");
}

namespace {
// The tiny adapter with a cache per global read: the test says when the namespaces
// changed (`generation`) and counts the reads that were not answered from a cache.
struct cached_globals_adapter : tiny::adapter {
    static constexpr lasso::feature_set features = tiny::adapter::features | lasso::feature::global_read_caches;
    static inline int generation = 0;
    static inline int lookups = 0;
    struct global_cache {
        int generation = -1;
        const tiny::value* found = nullptr;
    };
    using tiny::adapter::frame_global;
    static const tiny::value* frame_global(const tiny::frame& f, std::string_view name, global_cache& c) {
        if (c.found && c.generation == generation) return c.found;
        ++lookups;
        c = {generation, tiny::adapter::frame_global(f, name)};
        return c.found;
    }
};
static_assert(lasso::CachedGlobalsAdapter<cached_globals_adapter>);
} // namespace

TEST_CASE("guards read each global through the cache they keep for it") {
    fixture f;
    f.guards.push_back(type_guard(f.sources.global("other"), tiny::make(std::int64_t{0})));
    f.frame.globals["other"] = tiny::make(std::int64_t{5});
    auto program = lasso::compile_guards<cached_globals_adapter>(f.guards, f.sources, f.varnames, f.cellnames);
    cached_globals_adapter::generation = 0;
    cached_globals_adapter::lookups = 0;
    REQUIRE(program.check(f.frame)); // model and other, each looked up once
    CHECK(cached_globals_adapter::lookups == 2);
    REQUIRE(program.check(f.frame));
    CHECK(cached_globals_adapter::lookups == 2);

    SUBCASE("a value replaced in its place is what the cached place holds") {
        f.frame.globals["other"] = tiny::make(1.5);
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->reason == "type(G['other']) is int, but got a value of type float");
        CHECK(cached_globals_adapter::lookups == 2);
    }
    SUBCASE("once the namespaces change, globals are looked up again") {
        f.frame.globals.erase("other");
        ++cached_globals_adapter::generation;
        auto failure = program.explain(f.frame);
        REQUIRE(failure);
        CHECK(failure->reason == "type(G['other']) is int, but got <missing>");
        CHECK(cached_globals_adapter::lookups == 4);
    }
}

TEST_CASE("checks a caller knows to hold are left out of the checks on a call's arguments") {
    // A resume function called with (s, a, y): what its caller knows of each argument.
    lasso::source_table<tiny::value> sources;
    const std::vector<std::string> varnames{"s", "a", "y"};
    const auto s = sources.local("s"), a = sources.local("a"), y = sources.local("y");
    const tiny::value s_value = tiny::make(std::int64_t{0});
    const tiny::value a_value = tiny::make(tiny::tensor{{"f64", {3}}, {}});
    const tiny::value y_value = tiny::make(tiny::tensor{{"f64", {3}}, {}});
    guard s_is_a = type_guard(s, s_value);
    guard y_is_that_object;
    y_is_that_object.kind = guard_kind::id_match;
    y_is_that_object.source = y;
    y_is_that_object.expected_id = tiny::adapter::identity(y_value);
    const std::vector<guard> guards{constant_guard(s, std::int64_t{0}), tensor_guard(a, {"f64", {3}}),
                                    tensor_guard(y, {"f64", {3}}), s_is_a, y_is_that_object};
    using known = lasso::known_argument<tiny::tensor_meta>;
    known a_known, y_known, s_known;
    a_known.tensor = tiny::tensor_meta{"f64", {3}};
    y_known.tensor = tiny::tensor_meta{"f64", {3}};
    y_known.identity = tiny::adapter::identity(y_value);
    s_known.type = tiny::adapter::type_identity(s_value);
    const std::vector<known> all{s_known, a_known, y_known};
    using left = std::vector<std::uint32_t>;

    SUBCASE("an identity is implied by the same identity; types and metas only when they never change") {
        const auto program = lasso::compile_guards<tiny::adapter>(guards, sources, varnames, {});
        CHECK(program.checks_left_on_arguments(all) == left{0, 1, 2, 3});
    }
    SUBCASE("with fixed types and shapes, the same type and the same meta are implied") {
        const auto program = lasso::compile_guards<fixed_shapes_adapter>(guards, sources, varnames, {});
        CHECK(program.checks_left_on_arguments(all) == left{0});
        known other = a_known;
        other.tensor = tiny::tensor_meta{"f64", {4}};
        CHECK(program.checks_left_on_arguments(std::vector<known>{s_known, other, y_known}) == left{0, 1});
        CHECK(program.checks_left_on_arguments(std::vector<known>{known{}, known{}, known{}}) == left{0, 1, 2, 3, 4});

        // The checks left are made on the arguments; the values read are there afterwards.
        // The arguments lie anywhere (here out of order); the checks read them where they are.
        const std::vector<tiny::value> values{y_value, a_value, s_value};
        const std::vector<const tiny::value*> args{&values[2], &values[1], &values[0]};
        fixed_shapes_adapter::tensor_checks = 0;
        CHECK(program.first_failure_of_checks(left{0}, args) == -1);
        CHECK(fixed_shapes_adapter::tensor_checks == 0);
        CHECK(&program.value_at(*program.accessor_named("L['a']")) == &values[1]);
        CHECK(&program.value_at(*program.accessor_named("L['y']")) == &values[0]);
        const tiny::value other_s = tiny::make(std::int64_t{1});
        const std::vector<const tiny::value*> other_args{&other_s, &values[1], &values[0]};
        CHECK(program.first_failure_of_checks(left{0}, other_args) == 0);
        CHECK(program.first_failure_of_checks(left{1, 2}, other_args) == -1);
        CHECK(fixed_shapes_adapter::tensor_checks == 2);
    }
    SUBCASE("a program reading more than the arguments is checked as a whole") {
        std::vector<guard> more = guards;
        more.push_back(constant_guard(sources.global("limit"), std::int64_t{3}));
        CHECK_FALSE(lasso::compile_guards<fixed_shapes_adapter>(more, sources, varnames, {}).checks_left_on_arguments(all));
        const auto program = lasso::compile_guards<fixed_shapes_adapter>(guards, sources, varnames, {});
        CHECK_FALSE(program.checks_left_on_arguments(std::vector<known>{s_known, a_known})); // y is not an argument
    }
    SUBCASE("what a passing program says of a local") {
        const auto program = lasso::compile_guards<tiny::adapter>(guards, sources, varnames, {});
        const known of_y = program.known_of_local(2);
        CHECK(of_y.tensor == tiny::tensor_meta{"f64", {3}});
        CHECK(of_y.identity == tiny::adapter::identity(y_value));
        CHECK_FALSE(of_y.type);
        const known of_s = program.known_of_local(0);
        CHECK(of_s.type == tiny::adapter::type_identity(s_value));
        CHECK_FALSE(of_s.tensor);
    }
}
