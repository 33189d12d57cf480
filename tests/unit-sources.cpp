// Sources: guard names and the bytecode that reloads a value.
#include "compact_adapter.hpp"
#include "semantic_adapter.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using lasso::source_kind;
using lasso::source_ref;
using lasso_test::constant;

namespace {
constant key_constant(const lasso::source_key& k) { return k.is_string ? constant{k.text} : constant{k.integer}; }
} // namespace

TEST_CASE("guard names follow Dynamo's conventions") {
    lasso::source_table<constant> t;
    const auto x = t.local("x");
    const auto model = t.global("model");
    const auto weight = t.attribute(model, "weight");
    const auto first = t.item(t.local("xs"), 0);
    const auto keyed = t.item(t.local("d"), std::string("it's"));
    const auto cell = t.closure_cell(t.global("f"), 1);
    const auto deref = t.local_cell("counter");
    const auto cell_object = t.frame_cell("counter");
    CHECK(t.guard_name(x) == "L['x']");
    CHECK(t.guard_name(weight) == "G['model'].weight");
    CHECK(t.guard_name(first) == "L['xs'][0]");
    CHECK(t.guard_name(keyed) == "L['d']['it\\'s']");
    CHECK(t.guard_name(cell) == "G['f'].__closure__[1].cell_contents"); // the cell's contents
    CHECK(t.guard_name(deref) == "L['counter']");
    CHECK(t.guard_name(cell_object) == "cell(L['counter'])"); // the cell itself
    CHECK_FALSE(t.same_place(deref, cell_object));
    CHECK(t.guard_name(t.constant(constant{std::int64_t{3}})) == "<constant>");
    CHECK(t.root(weight) == model);
    CHECK(t[weight].kind == source_kind::attribute);
}

TEST_CASE("same_place compares the chain, not the handle") {
    lasso::source_table<constant> t;
    const auto a = t.attribute(t.local("m"), "w");
    const auto b = t.attribute(t.local("m"), "w");
    const auto c = t.attribute(t.local("m"), "b");
    const auto d = t.attribute(t.global("m"), "w");
    CHECK(t.same_place(a, b));
    CHECK_FALSE(t.same_place(a, c));
    CHECK_FALSE(t.same_place(a, d));
    CHECK(t.same_place(t.item(a, 2), t.item(b, 2)));
    CHECK_FALSE(t.same_place(t.item(a, 2), t.item(b, 3)));
}

TEST_CASE("reconstruction loads the value back, for both adapters") {
    auto check = [](auto tag, const std::vector<std::string>& expected) {
        using A = decltype(tag);
        lasso::source_table<constant> t;
        const auto s = t.item(t.closure_cell(t.global("f"), 0), std::string("k")); // f.__closure__[0].cell_contents['k']
        std::vector<lasso::bytecode::instruction<A>> code;
        lasso::reconstruct_source<A>(t, s, code, key_constant);
        std::vector<std::string> names;
        for (const auto& inst : code) names.emplace_back(inst.name());
        CHECK(names == expected);
        // It is valid bytecode that leaves exactly one value on the stack.
        code.push_back(lasso::bytecode::create_instruction<A>(lasso::bytecode::op::return_value));
        lasso::bytecode::code_fields<constant> f;
        lasso::bytecode::finish_code<A>(code, f);
        CHECK(f.names == std::vector<std::string>{"f", "__closure__", "cell_contents"});
        CHECK(f.constants.size() == 2);
        CHECK(lasso::bytecode::analyze_stack<A>(code).before.back() == 1);
    };
    check(lasso_test::semantic_adapter{},
          {"load_global", "load_attr", "load_const", "binary_subscr", "load_attr", "load_const", "binary_subscr"});
    check(lasso_test::compact_adapter{}, {"LDG", "LDA", "LDC", "SUBSCR", "LDA", "LDC", "SUBSCR"});
}

TEST_CASE("locals reload through their own ops") {
    lasso::source_table<constant> t;
    std::vector<lasso::bytecode::instruction<lasso_test::semantic_adapter>> code;
    lasso::reconstruct_source<lasso_test::semantic_adapter>(t, t.local("x"), code, key_constant);
    lasso::reconstruct_source<lasso_test::semantic_adapter>(t, t.local_cell("c"), code, key_constant);
    lasso::reconstruct_source<lasso_test::semantic_adapter>(t, t.constant(constant{2.5}), code, key_constant);
    lasso::reconstruct_source<lasso_test::semantic_adapter>(t, t.frame_cell("c"), code, key_constant);
    REQUIRE(code.size() == 4);
    CHECK(code[0].semantic == lasso::bytecode::op::load_fast);
    CHECK(*code[0].name_arg() == "x");
    CHECK(code[1].semantic == lasso::bytecode::op::load_deref);
    CHECK(code[2].semantic == lasso::bytecode::op::load_const);
    CHECK(*code[2].constant() == constant{2.5});
    CHECK(code[3].semantic == lasso::bytecode::op::load_closure); // the cell object, not its contents
    CHECK(*code[3].name_arg() == "c");
}
