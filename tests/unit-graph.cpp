// The graph IR: names, users kept consistent through every mutation (checked against
// users recomputed from the arguments), erase/replace/rollback/dead-code elimination,
// deep copies, the exact printed and DOT text, error messages, and a randomized run.
#include <lasso/lasso.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace lasso::graph;

namespace {

struct tensor_meta {
    std::string dtype;
    std::vector<std::int64_t> shape;
    friend bool operator==(const tensor_meta&, const tensor_meta&) = default;
};

std::string describe(const tensor_meta& m) {
    std::string out = m.dtype + "[";
    for (std::size_t i = 0; i < m.shape.size(); ++i) {
        if (i > 0) out += ", ";
        out += std::to_string(m.shape[i]);
    }
    return out + "]";
}

tensor_meta T(std::string dtype, std::vector<std::int64_t> shape) { return {std::move(dtype), std::move(shape)}; }

using G = graph<tensor_meta>;
static_assert(GraphMeta<tensor_meta>);
static_assert(!GraphMeta<int>);
static_assert(sizeof(node) == 8);

void collect_refs(const argument& a, std::vector<node>& out) {
    if (const node* n = a.get_if<node>()) out.push_back(*n);
    else if (const sequence* s = a.get_if<sequence>())
        for (const argument& item : s->items) collect_refs(item, out);
}

std::vector<node> refs_of(const G& g, node n) {
    std::vector<node> out;
    for (const argument& a : g.args(n)) collect_refs(a, out);
    for (const keyword& k : g.kwargs(n)) collect_refs(k.value, out);
    return out;
}

/// Recomputes every node's users from the arguments of all live nodes and compares
/// them with what the graph reports; also checks names are unique identifiers, that
/// arguments refer to earlier live nodes, the counts, and the graph's own lint.
void check_users(const G& g) {
    std::map<node, std::set<node>> expected;
    std::set<std::string> names;
    std::size_t live = 0, calls = 0;
    for (const node n : g.nodes()) {
        ++live;
        if (is_call(g.kind(n))) ++calls;
        const std::string name = g.name(n);
        REQUIRE_MESSAGE(names.insert(name).second, "duplicate name " << name);
        for (const node r : refs_of(g, n)) {
            REQUIRE(g.contains(r));
            REQUIRE(r.index() < n.index());
            REQUIRE(g.creation_index(r) < g.creation_index(n));
            expected[r].insert(n);
        }
    }
    for (const node n : g.nodes()) {
        const auto& want = expected[n];
        const std::vector<node> want_list(want.begin(), want.end());
        REQUIRE_MESSAGE(g.users(n) == want_list, "users of " << g.name(n));
        REQUIRE(g.has_users(n) == !want.empty());
    }
    REQUIRE(g.size() == live);
    REQUIRE(g.call_count() == calls);
    g.lint();
}

std::vector<std::string> names_of(const G& g, const std::vector<node>& nodes) {
    std::vector<std::string> out;
    for (const node n : nodes) out.push_back(g.name(n));
    return out;
}

std::vector<std::string> all_names(const G& g) {
    std::vector<std::string> out;
    for (const node n : g.nodes()) out.push_back(g.name(n));
    return out;
}

std::string error_of(auto&& f) {
    try {
        f();
    } catch (const graph_error& e) { return e.what(); }
    return "no error";
}

/// The graph of the documentation example.
G example_graph() {
    G g;
    const node x = g.add_placeholder("L['x']", T("f64", {3, 4}));
    const node y = g.add_placeholder("L['y']", T("f64", {4}));
    const node add = g.add_call_function("add", {x, y}, {}, T("f64", {3, 4}));
    const node relu = g.add_call_function("relu", {add}, {}, T("f64", {3, 4}));
    const node sum = g.add_call_method("sum", {relu}, {{"dim", 1}}, T("f64", {3}));
    g.set_output({relu, sum});
    return g;
}

} // namespace

TEST_CASE("graph: names are readable, unique and deterministic") {
    G g;
    const node x = g.add_placeholder("L['x']");
    const node y = g.add_placeholder("L['y']");
    CHECK(g.name(x) == "l_x_");
    CHECK(g.name(y) == "l_y_");
    CHECK(g.target(x) == "L['x']");
    // Inputs are de-duplicated by source.
    CHECK(g.add_placeholder("L['x']") == x);
    CHECK(g.find_placeholder("L['x']") == x);
    CHECK_FALSE(g.find_placeholder("L['z']").has_value());

    const node a0 = g.add_call_function("add", {x, y});
    const node a1 = g.add_call_function("add", {a0, y});
    const node r0 = g.add_call_function("relu", {a1});
    const node r1 = g.add_call_function("torch.relu", {r0});   // last dotted component
    const node a2 = g.add_call_function("aten::add", {r1, 1}); // after "::"
    const node a3 = g.add_call_function("add_1", {a2, 1});     // asks for add_1: taken
    const node m = g.add_call_method("view", {a3, -1});
    const node w = g.add_get_attr("layer.Weight"); // whole path, lowercased
    const node d = g.add_call_function("3d.conv", {w});
    const node odd = g.add_call_function("3x", {w});   // leading digit
    const node sym = g.add_call_function("+", {w, w}); // no identifier characters
    CHECK(names_of(g, {a0, a1, r0, r1, a2, a3, m, w, d, odd, sym}) ==
          std::vector<std::string>{"add", "add_1", "relu", "relu_1", "add_2", "add_3", "view", "layer_weight", "conv", "_3x",
                                   "_"});

    // A name that looks like a generated one competes with generated names.
    const node p = g.add_placeholder("x_2");
    const node q = g.add_placeholder("x");
    const node r = g.add_placeholder("x ");  // sanitizes to x_, a different base
    const node s = g.add_placeholder("x-");  // x_ again: gets a suffix
    const node t = g.add_placeholder("X");   // x again: smallest free suffix is 1
    const node u = g.add_placeholder("x!");  // x_ again: next suffix
    const node v = g.add_placeholder("x.x"); // x_x
    CHECK(names_of(g, {p, q, r, s, t, u, v}) == std::vector<std::string>{"x_2", "x", "x_", "x__1", "x_1", "x__2", "x_x"});
    const node z = g.add_placeholder("y!z");
    const node z2 = g.add_placeholder("y_01"); // _01 is not a suffix
    const node z3 = g.add_placeholder("_1");
    const node z4 = g.add_placeholder("-1");
    CHECK(names_of(g, {z, z2, z3, z4}) == std::vector<std::string>{"y_z", "y_01", "_1", "_2"});
    check_users(g);

    // Erasing does not give a name back: a later node never repeats it.
    g.erase_node(m);
    const node m2 = g.add_call_method("view", {a3, -1});
    CHECK(g.name(m2) == "view_1");

    // The same operations give the same names.
    auto build = [] {
        G h;
        const node x = h.add_placeholder("L['x']");
        node last = x;
        for (int i = 0; i < 5; ++i) last = h.add_call_function(i % 2 ? "mul" : "add", {last, x});
        h.set_output({last});
        return print_readable(h);
    };
    CHECK(build() == build());
    CHECK(build() ==
          "graph(l_x_):\n"
          "    add = add(l_x_, l_x_)\n"
          "    mul = mul(add, l_x_)\n"
          "    add_1 = add(mul, l_x_)\n"
          "    mul_1 = mul(add_1, l_x_)\n"
          "    add_2 = add(mul_1, l_x_)\n"
          "    return (add_2,)\n");
}

TEST_CASE("graph: interned targets give the same nodes") {
    G g;
    const symbol add = g.intern("add");
    CHECK(g.text(add) == "add");
    CHECK(g.intern("add") == add);
    const node x = g.add_placeholder("x");
    const node a = g.add_call_function(add, {x, x});
    const node b = g.add_call_function("add", {a, x});
    CHECK(g.name(a) == "add");
    CHECK(g.name(b) == "add_1");
    CHECK(g.target(a) == "add");
    CHECK(error_of([&] { (void)g.add_call_function(symbol{999}, {x}); }) ==
          "graph error: symbol #999 was not interned in this graph");
}

TEST_CASE("graph: node accessors and setters") {
    G g;
    g.set_current_location({{"outer", "prog.py", 3}, {"inner", "lib.py", 10}});
    g.set_current_source_fn_stack({"cond", "true_fn"});
    const node x = g.add_placeholder("L['x']", T("f32", {2}));
    const node y = g.add_call_function("mul", {x, 2.5, tuple_of({x, none})}, {{"out", none}}, T("f32", {2}));
    g.set_current_location({});
    g.set_current_source_fn_stack({});
    const node z = g.add_call_method("add_", {y, x}, {{"alpha", 2}});

    CHECK(g.kind(x) == node_kind::placeholder);
    CHECK(g.kind(y) == node_kind::call_function);
    CHECK(g.kind(z) == node_kind::call_method);
    CHECK(g.args(y) == std::vector<argument>{x, 2.5, tuple_of({x, none})});
    CHECK(g.kwargs(y) == std::vector<keyword>{{"out", none}});
    CHECK(g.kwargs(z) == std::vector<keyword>{{"alpha", 2}});
    CHECK(g.inputs(y) == std::vector<node>{x});
    CHECK(g.inputs(z) == std::vector<node>{y, x});
    CHECK(g.users(x) == std::vector<node>{y, z});
    CHECK(*g.meta(x) == T("f32", {2}));
    CHECK_FALSE(g.meta(z).has_value());
    CHECK(g.creation_index(x) == 0);
    CHECK(g.creation_index(z) == 2);

    CHECK(g.location(y) == std::vector<source_frame>{{"outer", "prog.py", 3}, {"inner", "lib.py", 10}});
    CHECK(g.location(z).empty());
    CHECK(g.source_fn_stack(y) == std::vector<std::string_view>{"cond", "true_fn"});
    CHECK(g.source_fn_stack(z).empty());
    g.set_location(z, {{"f", "a.py", 7}});
    CHECK(g.location(z) == std::vector<source_frame>{{"f", "a.py", 7}});
    g.set_source_fn_stack(z, std::vector<std::string>{"map"});
    CHECK(g.source_fn_stack(z) == std::vector<std::string_view>{"map"});
    g.set_meta(z, T("f32", {2}));
    CHECK(*g.meta(z) == T("f32", {2}));
    g.set_target(z, "sub_");
    CHECK(g.target(z) == "sub_");
    CHECK(g.name(z) == "add_"); // names do not follow the target

    g.set_args(y, {x, x});
    check_users(g);
    g.set_kwargs(z, {{"alpha", x}});
    check_users(g);
    CHECK(g.users(x) == std::vector<node>{y, z});
    g.set_kwargs(y, {});
    g.set_args(z, {y});
    check_users(g);
    CHECK(g.users(x) == std::vector<node>{y, z}); // z still uses x through alpha=x
    g.set_kwargs(z, {});
    check_users(g);
    CHECK(g.users(x) == std::vector<node>{y});
    CHECK(error_of([&] { g.set_args(y, {z}); }) ==
          "graph error: an argument of call_function 'mul' refers to node 'add_', which is not created before it");
    CHECK(error_of([&] { g.set_args(x, {}); }) == "graph error: placeholder 'l_x_' takes no arguments");
    CHECK(error_of([&] { g.set_args(z, {}); }) ==
          "graph error: call_method 'add_' needs the object it is called on as its first argument");
    check_users(g);

    std::vector<std::string> order;
    for (const node n : g.nodes()) order.push_back(g.name(n));
    CHECK(order == std::vector<std::string>{"l_x_", "mul", "add_"});
    CHECK(g.size() == 3);
    CHECK(g.call_count() == 2);
}

TEST_CASE("graph: users stay consistent through erase and replace") {
    G g;
    const node x = g.add_placeholder("x");
    const node y = g.add_placeholder("y");
    check_users(g);
    const node a = g.add_call_function("add", {x, y});
    check_users(g);
    const node b = g.add_call_function("mul", {a, a, tuple_of({a, list_of({x})})}, {{"k", a}});
    check_users(g);
    const node c = g.add_call_function("neg", {b});
    check_users(g);
    CHECK(g.users(a) == std::vector<node>{b});
    CHECK(g.users(x) == std::vector<node>{a, b});

    CHECK(error_of([&] { g.erase_node(a); }) == "graph error: cannot erase node 'add': it is still used by 'mul'");
    CHECK(error_of([&] { g.erase_node(x); }) == "graph error: cannot erase node 'x': it is still used by 'add', 'mul'");

    // Replace the uses of a with y: b now uses y four times and x once.
    CHECK(g.replace_all_uses_with(a, y) == 4);
    check_users(g);
    CHECK_FALSE(g.has_users(a));
    CHECK(g.args(b) == std::vector<argument>{y, y, tuple_of({y, list_of({x})})});
    CHECK(g.kwargs(b) == std::vector<keyword>{{"k", y}});
    g.erase_node(a);
    check_users(g);
    CHECK_FALSE(g.contains(a));

    // y = f(x); replacing x by y everywhere skips y itself.
    const node d = g.add_call_function("relu", {x});
    const node e = g.add_call_function("sub", {c, x});
    CHECK(error_of([&] { (void)g.replace_all_uses_with(x, d); }) ==
          "graph error: cannot replace uses of 'x' with 'relu': the user 'mul' comes before 'relu'");
    CHECK(g.replace_all_uses_with(x, d, [&](node user) { return user != b; }) == 1); // e only
    CHECK(g.args(e) == std::vector<argument>{c, d});
    check_users(g);
    CHECK(error_of([&] { (void)g.replace_all_uses_with(y, d); }) ==
          "graph error: cannot replace uses of 'y' with 'relu': the user 'mul' comes before 'relu'");
    check_users(g); // nothing changed
    // A predicate chooses the users.
    const node f = g.add_call_function("sin", {y});
    const node h = g.add_call_function("cos", {y});
    CHECK(g.replace_all_uses_with(y, d, [&](node user) { return user == h; }) == 1);
    CHECK(g.args(f) == std::vector<argument>{y});
    CHECK(g.args(h) == std::vector<argument>{d});
    check_users(g);
    CHECK(g.replace_all_uses_with(d, d) == 0);

    g.erase_node(e);
    g.erase_node(c);
    check_users(g);
    CHECK(all_names(g) == std::vector<std::string>{"x", "y", "mul", "relu", "sin", "cos"});
    CHECK(g.size() == 6);
}

TEST_CASE("graph: rollback removes later nodes and releases their names") {
    G g;
    const node x = g.add_placeholder("x");
    const node a = g.add_call_function("add", {x, x});
    const G::timestamp cp = g.checkpoint();
    CHECK(cp == 2);
    const node b = g.add_call_function("add", {a, x});
    const node p = g.add_placeholder("late");
    const node c = g.add_call_function("mul", {b, p}, {{"k", tuple_of({a})}});
    g.set_output({c});
    check_users(g);
    CHECK(g.users(a) == std::vector<node>{b, c});
    g.rollback(cp);
    check_users(g);
    CHECK(g.size() == 2);
    CHECK(g.users(a).empty());
    CHECK(g.users(x) == std::vector<node>{a});
    CHECK_FALSE(g.output().has_value());
    CHECK_FALSE(g.find_placeholder("late").has_value());
    CHECK_FALSE(g.contains(b));
    CHECK_FALSE(g.contains(c));
    CHECK(error_of([&] { (void)g.name(b); }) ==
          "graph error: node handle #2 is out of range (the graph has 2 node slots): it belongs to another "
          "graph or was removed by rollback");

    // Names come back exactly as before; handles of removed nodes stay invalid even
    // when their slot is reused.
    const node b2 = g.add_call_function("add", {a, x});
    CHECK(g.name(b2) == "add_1");
    CHECK(b2.index() == b.index());
    CHECK(b2 != b);
    CHECK(g.creation_index(b2) == 6); // creation indices are never reused
    CHECK_FALSE(g.contains(b));
    CHECK(error_of([&] { (void)g.args(b); }) ==
          "graph error: node handle #2 does not name a node of this graph: it belongs to another graph or was "
          "removed by rollback");
    check_users(g);

    // Explicitly requested suffixes are released too: the names afterwards are those of
    // a graph that never saw the rolled-back nodes.
    {
        G h, fresh;
        for (G* k : {&h, &fresh}) {
            const node hx = k->add_placeholder("x");
            k->add_call_function("add", {hx});
        }
        const auto hcp = h.checkpoint();
        const node hx = *h.find_placeholder("x");
        const node e2 = h.add_call_function("add_2", {hx});
        const node e1 = h.add_call_function("add", {hx});
        const node e3 = h.add_call_function("add", {hx});
        const node x1 = h.add_placeholder("x_1");
        const node x2 = h.add_placeholder("X");
        CHECK(names_of(h, {e2, e1, e3, x1, x2}) == std::vector<std::string>{"add_2", "add_1", "add_3", "x_1", "x_2"});
        h.rollback(hcp);
        check_users(h);
        for (G* k : {&h, &fresh}) {
            const node kx = *k->find_placeholder("x");
            k->add_call_function("add", {kx});
            k->add_call_function("add_2", {kx});
            k->add_placeholder("X");
            k->add_call_function("add", {kx});
        }
        CHECK(print_readable(h) == print_readable(fresh));
        CHECK(all_names(h) == std::vector<std::string>{"x", "add", "add_1", "add_2", "x_1", "add_3"});
    }

    // Nested checkpoints; erasures of older nodes are not undone.
    const auto cp1 = g.checkpoint();
    const node d = g.add_call_function("neg", {b2});
    const auto cp2 = g.checkpoint();
    g.add_call_function("neg", {d});
    g.erase_node(g.add_call_function("neg", {x}));
    g.rollback(cp2);
    check_users(g);
    CHECK(all_names(g) == std::vector<std::string>{"x", "add", "add_1", "neg"});
    g.rollback(cp2); // nothing left to remove
    g.rollback(cp1);
    check_users(g);
    CHECK(all_names(g) == std::vector<std::string>{"x", "add", "add_1"});
    CHECK(g.name(g.add_call_function("neg", {x})) == "neg");
    g.rollback(0);
    CHECK(g.empty());
    check_users(g);
    CHECK(error_of([&] { g.rollback(1000); }) ==
          "graph error: rollback to creation index 1000, which this graph has not reached (it is at 11)");

    // Rollback after set_args moved an older node's arguments to the end.
    const node x2 = g.add_placeholder("x");
    const node e = g.add_call_function("exp", {x2});
    const auto cp3 = g.checkpoint();
    const node f = g.add_call_function("log", {e});
    g.set_args(e, {x2, 2});
    g.add_call_function("sin", {f});
    g.rollback(cp3);
    check_users(g);
    CHECK(g.args(e) == std::vector<argument>{x2, 2});
}

TEST_CASE("graph: dead code elimination") {
    G g;
    const node x = g.add_placeholder("x");
    const node unused_input = g.add_placeholder("unused");
    const node a = g.add_call_function("add", {x, x});
    const node dead1 = g.add_call_function("sin", {a});
    const node dead2 = g.add_call_method("cos", {dead1});
    const node dead3 = g.add_call_function("exp", {dead2, tuple_of({dead1})});
    const node side = g.add_call_function("print", {a});
    const node attr = g.add_get_attr("w");
    const node kept = g.add_call_function("mul", {a, 2});
    g.set_output({kept});
    CHECK(g.eliminate_dead_code([](std::string_view target) { return target == "print"; }) == 4);
    check_users(g);
    for (const node n : {dead1, dead2, dead3, attr}) CHECK_FALSE(g.contains(n));
    for (const node n : {x, unused_input, a, side, kept}) CHECK(g.contains(n));
    CHECK(g.call_count() == 3);
    // Without the predicate everything dead goes; a node predicate works too.
    CHECK(g.eliminate_dead_code([&](node n) { return g.target(n) == "nothing"; }) == 1);
    CHECK_FALSE(g.contains(side));
    CHECK(g.eliminate_dead_code() == 0);
    check_users(g);
    CHECK(print_readable(g) ==
          "graph(x, unused):\n"
          "    add = add(x, x)\n"
          "    mul = mul(add, 2)\n"
          "    return (mul,)\n");
}

TEST_CASE("graph: a copy is deep and independent") {
    G g = example_graph();
    const std::string before = print_readable(g);
    G c = g.copy();
    CHECK(print_readable(c) == before);
    check_users(c);
    // Handles of the original name the same nodes in the copy.
    const node relu = *std::find_if(g.nodes().begin(), g.nodes().end(), [&](node n) { return g.name(n) == "relu"; });
    CHECK(c.name(relu) == "relu");

    c.erase_node(*c.output());
    const node extra = c.add_call_function("extra_op", {relu}, {{"note", "copy only"}});
    c.set_meta(relu, T("f16", {1}));
    c.set_output({extra});
    (void)c.intern("a new symbol");
    CHECK(print_readable(g) == before);
    CHECK(g.users(relu).size() == 2);
    CHECK(c.users(relu).size() == 2);
    CHECK(*g.meta(relu) == T("f64", {3, 4}));
    check_users(g);
    check_users(c);
    CHECK(print_readable(c) ==
          "graph(l_x_: f64[3, 4], l_y_: f64[4]):\n"
          "    add: f64[3, 4] = add(l_x_, l_y_)\n"
          "    relu: f16[1] = relu(add)\n"
          "    sum: f64[3] = relu.sum(dim=1)\n"
          "    extra_op = extra_op(relu, note='copy only')\n"
          "    return (extra_op,)\n");
    // And the other way round.
    g.rollback(0);
    CHECK(c.size() == 7);
    check_users(c);
    G assigned;
    assigned = c;
    c.rollback(0);
    CHECK(assigned.size() == 7);
    CHECK(assigned.name(relu) == "relu");
    check_users(assigned);
}

TEST_CASE("graph: print_readable, exact text") {
    const G g = example_graph();
    CHECK(print_readable(g) ==
          "graph(l_x_: f64[3, 4], l_y_: f64[4]):\n"
          "    add: f64[3, 4] = add(l_x_, l_y_)\n"
          "    relu: f64[3, 4] = relu(add)\n"
          "    sum: f64[3] = relu.sum(dim=1)\n"
          "    return (relu, sum)\n");

    G h;
    const node x = h.add_placeholder("L['x']", T("f32", {2}));
    const node w = h.add_get_attr("layer.weight", T("f32", {2}));
    const node cat = h.add_call_function("torch.cat", {list_of({x, w})}, {{"dim", 0}}, T("f32", {4}));
    const node foo = h.add_call_function(
        "foo", {tuple_of({x, tuple_of({1, "it's"})}), none, true, 1.5, tuple_of({cat})},
        {{"scale", 1e-5}, {"mode", "a\"b\\c"}, {"empty", tuple_of({})}, {"flags", list_of({false, -3})}});
    const node view = h.add_call_method("view", {cat, -1}, {}, T("f32", {4}));
    const node neg = h.add_call_function("operator.neg", {view});
    const node odd = h.add_get_attr("blocks.0", T("f32", {}));
    h.set_output({foo, tuple_of({view, neg}), odd});
    CHECK(print_readable(h) ==
          "graph(l_x_: f32[2]):\n"
          "    layer_weight: f32[2] = self.layer.weight\n"
          "    cat: f32[4] = torch.cat([l_x_, layer_weight], dim=0)\n"
          "    foo = foo((l_x_, (1, \"it's\")), None, True, 1.5, (cat,), scale=1e-05, mode='a\"b\\\\c', "
          "empty=(), flags=[False, -3])\n"
          "    view: f32[4] = cat.view(-1)\n"
          "    neg = operator.neg(view)\n"
          "    blocks_0: f32[] = getattr(self, 'blocks.0')\n"
          "    return (foo, (view, neg), blocks_0)\n");
    CHECK(format_node(h, x) == "l_x_: f32[2]");
    CHECK(format_expression(h, x) == "placeholder(\"L['x']\")");
    CHECK(format_argument(h, tuple_of({tuple_of({none})})) == "((None,),)");

    G empty;
    CHECK(print_readable(empty) == "graph():\n    pass\n");
    empty.set_output({});
    CHECK(print_readable(empty) == "graph():\n    return ()\n");

    G located;
    const node a = located.add_placeholder("a");
    located.set_current_location({{"outer", "main.py", 2}, {"helper", "lib.py", 14}});
    located.add_call_function("sin", {a});
    CHECK(print_readable(located, {.locations = true}) == "graph(a):\n    sin = sin(a)  # lib.py:14 in helper\n");
}

TEST_CASE("graph: constants print as Python's repr") {
    G g;
    auto text = [&](const argument& a) { return format_argument(g, a); };
    CHECK(text(none) == "None");
    CHECK(text(true) == "True");
    CHECK(text(false) == "False");
    CHECK(text(0) == "0");
    CHECK(text(-42) == "-42");
    CHECK(text(INT64_MIN) == "-9223372036854775808");
    CHECK(text(1.0) == "1.0");
    CHECK(text(-0.0) == "-0.0");
    CHECK(text(0.0) == "0.0");
    CHECK(text(100.0) == "100.0");
    CHECK(text(0.1) == "0.1");
    CHECK(text(1234.5678) == "1234.5678");
    CHECK(text(0.0001) == "0.0001");
    CHECK(text(0.00012) == "0.00012");
    CHECK(text(1e-5) == "1e-05");
    CHECK(text(2.5e-7) == "2.5e-07");
    CHECK(text(1e15) == "1000000000000000.0");
    CHECK(text(1e16) == "1e+16");
    CHECK(text(1.5e16) == "1.5e+16");
    CHECK(text(123456789012345678.0) == "1.2345678901234568e+17");
    CHECK(text(1e100) == "1e+100");
    CHECK(text(-1e-100) == "-1e-100");
    CHECK(text(1.0 / 3) == "0.3333333333333333");
    CHECK(text(std::numeric_limits<double>::infinity()) == "inf");
    CHECK(text(-std::numeric_limits<double>::infinity()) == "-inf");
    CHECK(text(std::numeric_limits<double>::quiet_NaN()) == "nan");
    CHECK(text("plain") == "'plain'");
    CHECK(text("it's") == "\"it's\"");
    CHECK(text("both ' and \"") == "'both \\' and \"'");
    CHECK(text("tab\tnew\nline\\") == "'tab\\tnew\\nline\\\\'");
    CHECK(text(std::string("nul\0bell\x07", 9)) == "'nul\\x00bell\\x07'");
    CHECK(text("") == "''");
    CHECK(text(tuple_of({})) == "()");
    CHECK(text(tuple_of({1})) == "(1,)");
    CHECK(text(tuple_of({1, 2})) == "(1, 2)");
    CHECK(text(list_of({})) == "[]");
    CHECK(text(list_of({1})) == "[1]");
    CHECK(text(list_of({tuple_of({}), list_of({none})})) == "[(), [None]]");
}

namespace {
/// Checks DOT text: braces balance outside strings, strings close, every statement is
/// a node or an edge between declared nodes. Returns the declared ids and edges.
struct dot_summary {
    std::set<std::string> nodes;
    std::vector<std::pair<std::string, std::string>> edges;
};

/// Reads a quoted DOT string starting at `i` (on the opening quote), unescaping.
std::string read_quoted(const std::string& text, std::size_t& i) {
    REQUIRE(text[i] == '"');
    std::string out;
    for (++i; i < text.size(); ++i) {
        if (text[i] == '\\') {
            REQUIRE(i + 1 < text.size());
            out += text[++i];
        } else if (text[i] == '"') {
            ++i;
            return out;
        } else {
            REQUIRE(text[i] != '\n');
            out += text[i];
        }
    }
    FAIL("unterminated string");
    return out;
}

dot_summary check_dot(const std::string& text) {
    dot_summary summary;
    int depth = 0;
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] == '"') {
            (void)read_quoted(text, i);
            continue;
        }
        if (text[i] == '{') ++depth;
        if (text[i] == '}') --depth;
        REQUIRE(depth >= 0);
        ++i;
    }
    REQUIRE(depth == 0);
    REQUIRE(text.starts_with("digraph \""));
    REQUIRE(text.ends_with("}\n"));
    // Statements: one per line inside the braces.
    std::size_t line_start = text.find('\n') + 1;
    while (line_start < text.size()) {
        const std::size_t line_end = text.find('\n', line_start);
        const std::string line = text.substr(line_start, line_end - line_start);
        line_start = line_end + 1;
        if (line == "}" || line.find("rankdir") != std::string::npos || line.find("node [") != std::string::npos) continue;
        REQUIRE(line.starts_with("    \""));
        std::size_t i = 4;
        const std::string first = read_quoted(line, i);
        if (line.compare(i, 4, " -> ") == 0) {
            i += 4;
            const std::string second = read_quoted(line, i);
            REQUIRE(line.substr(i) == ";");
            summary.edges.emplace_back(first, second);
        } else {
            REQUIRE(line.compare(i, 2, " [") == 0);
            REQUIRE(line.ends_with("\"];"));
            const auto label = line.find("label=\"", i);
            REQUIRE(label != std::string::npos);
            std::size_t j = label + 6;
            (void)read_quoted(line, j);
            REQUIRE(line.substr(j) == "];");
            REQUIRE(summary.nodes.insert(first).second);
        }
    }
    for (const auto& [from, to] : summary.edges) {
        REQUIRE(summary.nodes.contains(from));
        REQUIRE(summary.nodes.contains(to));
    }
    return summary;
}
} // namespace

TEST_CASE("graph: DOT export") {
    const G g = example_graph();
    const std::string dot = to_dot(g, "example");
    const dot_summary s = check_dot(dot);
    CHECK(s.nodes == std::set<std::string>{"l_x_", "l_y_", "add", "relu", "sum", "output"});
    CHECK(s.edges ==
          std::vector<std::pair<std::string, std::string>>{
              {"l_x_", "add"}, {"l_y_", "add"}, {"add", "relu"}, {"relu", "sum"}, {"relu", "output"}, {"sum", "output"}});
    CHECK(dot ==
          "digraph \"example\" {\n"
          "    rankdir=TB;\n"
          "    node [fontname=\"monospace\"];\n"
          "    \"l_x_\" [shape=ellipse, label=\"l_x_\\nplaceholder(\\\"L['x']\\\")\\nf64[3, 4]\"];\n"
          "    \"l_y_\" [shape=ellipse, label=\"l_y_\\nplaceholder(\\\"L['y']\\\")\\nf64[4]\"];\n"
          "    \"add\" [shape=box, label=\"add\\nadd(l_x_, l_y_)\\nf64[3, 4]\"];\n"
          "    \"relu\" [shape=box, label=\"relu\\nrelu(add)\\nf64[3, 4]\"];\n"
          "    \"sum\" [shape=box, style=rounded, label=\"sum\\nrelu.sum(dim=1)\\nf64[3]\"];\n"
          "    \"output\" [shape=doubleoctagon, label=\"output\\nreturn (relu, sum)\"];\n"
          "    \"l_x_\" -> \"add\";\n"
          "    \"l_y_\" -> \"add\";\n"
          "    \"add\" -> \"relu\";\n"
          "    \"relu\" -> \"sum\";\n"
          "    \"relu\" -> \"output\";\n"
          "    \"sum\" -> \"output\";\n"
          "}\n");

    // Escaping: quotes and backslashes in targets, constants, graph names and metadata.
    G h;
    const node x = h.add_placeholder("L[\"x\\\\\"]", T("f\"32\\", {1}));
    const node y = h.add_call_function("we\"ird\\op", {x, "q\"uo\\te", "new\nline"});
    const node w = h.add_get_attr("p.q");
    h.set_output({y, w});
    const std::string escaped = to_dot(h, "na\"me\\");
    const dot_summary t = check_dot(escaped);
    CHECK(t.nodes.size() == 4);
    CHECK(t.edges.size() == 3);
    CHECK(escaped.starts_with("digraph \"na\\\"me\\\\\" {\n"));
    CHECK(escaped.find("shape=note") != std::string::npos);
    // The Python repr 'q"uo\\te' gains one more level of escaping.
    CHECK(escaped.find("'q\\\"uo\\\\\\\\te'") != std::string::npos);
    CHECK(escaped.find("f\\\"32\\\\[1]") != std::string::npos);
}

TEST_CASE("graph: errors name the node") {
    G g;
    const node x = g.add_placeholder("x");
    const node a = g.add_call_function("add", {x, x});
    const node out = g.set_output({a});
    CHECK(error_of([&] { g.set_output({x}); }) ==
          "graph error: the graph already has an output node ('output'); erase it before setting another");
    CHECK(error_of([&] {
              (void)g.add_call_function("mul", {a, a});
          }) == "graph error: cannot add call_function 'mul' after the output node; erase the output first");
    CHECK(error_of([&] { (void)g.add_call_method("sum", {}); }) ==
          "graph error: call_method 'sum' needs the object it is called on as its first argument");
    CHECK(error_of([&] { (void)g.replace_all_uses_with(a, out); }) ==
          "graph error: cannot replace uses of 'add' with the output node");
    g.erase_node(out);
    CHECK(error_of([&] { (void)g.name(out); }) == "graph error: node 'output' has been erased");
    CHECK(error_of([&] { (void)g.add_call_function("mul", {out}); }) ==
          "graph error: an argument of call_function 'mul' refers to node 'output', which has been erased");
    CHECK(error_of([&] { (void)g.users(node{}); }) ==
          "graph error: null node handle (a default-constructed lasso::graph::node)");
    CHECK(error_of([&] { (void)g.add_call_function("mul", {node{}}); }) ==
          "graph error: an argument of call_function 'mul' refers to node handle #null, which is not a node of this "
          "graph (it belongs to another graph, was removed by rollback, or is null)");
    const node o2 = g.set_output({a});
    CHECK(error_of([&] { g.set_args(a, {o2}); }) ==
          "graph error: an argument of call_function 'add' refers to the output node");

    // A node of another graph, even one whose slot exists here.
    G other;
    const node ox = other.add_placeholder("x");
    const node oy = other.add_call_function("neg", {ox});
    CHECK_FALSE(g.contains(ox));
    CHECK(error_of([&] { (void)g.kind(oy); }) ==
          "graph error: node handle #1 does not name a node of this graph: it belongs to another graph or was "
          "removed by rollback");
    g.erase_node(o2);
    CHECK(error_of([&] {
              (void)g.add_call_function("mul", {a, tuple_of({1, oy})});
          }) ==
          "graph error: an argument of call_function 'mul' refers to node handle #1, which is not a node of this "
          "graph (it belongs to another graph, was removed by rollback, or is null)");
    check_users(g); // failed calls changed nothing
    CHECK(all_names(g) == std::vector<std::string>{"x", "add"});
    CHECK(error_of([&] { g.set_target(x, "y"); }) == "graph error: the target of placeholder 'x' cannot be changed");
    CHECK(error_of([&] { g.set_kwargs(x, {}); }) == "graph error: placeholder 'x' takes no keyword arguments");

    graph_error e("something");
    CHECK(e.reason() == "something");
    CHECK(std::string(e.what()) == "graph error: something");
}

namespace {
/// The dead-code elimination of the spec, done naively on the recomputed users.
std::set<node> expected_dce(const G& g) {
    std::set<node> removed;
    bool changed = true;
    while (changed) {
        changed = false;
        std::map<node, int> uses;
        for (const node n : g.nodes())
            if (!removed.contains(n))
                for (const node r : refs_of(g, n)) ++uses[r];
        for (const node n : g.nodes()) {
            const node_kind k = g.kind(n);
            if (removed.contains(n) || uses[n] > 0) continue;
            if (!is_call(k) && k != node_kind::get_attr) continue;
            if (g.target(n) == "impure") continue;
            removed.insert(n);
            changed = true;
        }
    }
    return removed;
}

std::string random_run(unsigned seed, int steps) {
    std::mt19937 rng(seed);
    auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    G g;
    std::set<node> alive;   // handles that should name live nodes
    std::vector<node> dead; // handles that should not
    auto kill = [&](node n) {
        alive.erase(n);
        dead.push_back(n);
    };
    std::vector<G::timestamp> checkpoints;
    const char* targets[] = {"add", "mul", "relu", "torch.sin", "aten::cos", "impure", "add_1", "x"};

    auto live = [&] {
        std::vector<node> out;
        for (const node n : g.nodes())
            if (g.kind(n) != node_kind::output) out.push_back(n);
        return out;
    };
    auto random_arg = [&](const std::vector<node>& nodes, auto& self, int depth) -> argument {
        switch (pick(depth > 1 ? 6 : 8)) {
        case 0: return none;
        case 1: return static_cast<std::int64_t>(rng() % 7) - 3;
        case 2: return 0.5 * static_cast<double>(rng() % 5);
        case 3: return std::string("s") + std::to_string(rng() % 3);
        case 4:
        case 5:
            if (!nodes.empty()) return nodes[pick(nodes.size())];
            return true;
        default: {
            std::vector<argument> items;
            for (std::size_t k = pick(3); k > 0; --k) items.push_back(self(nodes, self, depth + 1));
            return rng() % 2 ? tuple_of(std::move(items)) : list_of(std::move(items));
        }
        }
    };
    auto random_args = [&](const std::vector<node>& nodes, std::size_t max) {
        std::vector<argument> args;
        for (std::size_t k = pick(max + 1); k > 0; --k) args.push_back(random_arg(nodes, random_arg, 0));
        return args;
    };

    for (int step = 0; step < steps; ++step) {
        const std::vector<node> nodes = live();
        unsigned op = rng() % 100;
        if (g.size() > 120 && op < 50) op += 50;  // keep the graph small enough to check fully
        if (op < 50 && g.output() && rng() % 2) { // make room for new nodes
            kill(*g.output());
            g.erase_node(*g.output());
        }

        if (op < 40 && !g.output()) {
            std::vector<argument> args = random_args(nodes, 3);
            std::vector<keyword> kwargs;
            for (std::size_t k = pick(3); k > 0; --k)
                kwargs.push_back({"k" + std::to_string(k), random_arg(nodes, random_arg, 0)});
            const char* target = targets[pick(std::size(targets))];
            std::optional<tensor_meta> meta;
            if (rng() % 2) meta = T("f32", {static_cast<std::int64_t>(rng() % 4)});
            node n;
            if (rng() % 4 == 0 && !nodes.empty()) {
                args.insert(args.begin(), nodes[pick(nodes.size())]);
                n = g.add_call_method(target, args, kwargs, meta);
            } else {
                n = g.add_call_function(target, args, kwargs, meta);
            }
            alive.insert(n);
        } else if (op < 46 && !g.output()) {
            const node p = g.add_placeholder("L['v" + std::to_string(rng() % 12) + "']");
            alive.insert(p);
        } else if (op < 50 && !g.output()) {
            alive.insert(g.add_get_attr(rng() % 2 ? "w" : "layer.w"));
        } else if (op < 64 && !nodes.empty()) {
            const node n = nodes[pick(nodes.size())];
            if (g.has_users(n)) {
                REQUIRE(error_of([&] { g.erase_node(n); }).starts_with("graph error: cannot erase node '"));
            } else {
                g.erase_node(n);
                kill(n);
            }
        } else if (op < 76 && nodes.size() >= 2) {
            std::vector<node> used;
            for (const node n : nodes)
                if (g.has_users(n)) used.push_back(n);
            const node a = !used.empty() && rng() % 4 ? used[pick(used.size())] : nodes[pick(nodes.size())];
            const node b = nodes[pick(nodes.size())];
            // Valid when every user of a other than b comes after b.
            bool valid = true;
            for (const node u : g.users(a))
                if (u != b && u.index() < b.index()) valid = false;
            if (valid) {
                const std::size_t others = g.users(a).size() - static_cast<std::size_t>(std::ranges::count(g.users(a), b));
                const std::size_t changed = g.replace_all_uses_with(a, b);
                if (a != b) {
                    REQUIRE(changed >= others);
                    for (const node u : g.users(a)) REQUIRE(u == b);
                }
            } else {
                const std::string before = print_readable(g);
                REQUIRE(error_of([&] { (void)g.replace_all_uses_with(a, b); }).find("comes before") != std::string::npos);
                REQUIRE(print_readable(g) == before);
            }
        } else if (op < 80) {
            checkpoints.push_back(g.checkpoint());
        } else if (op < 83 && !checkpoints.empty()) {
            // Mostly recent checkpoints, as speculation does; sometimes an old one.
            const std::size_t k = rng() % 8 ? checkpoints.size() - 1 - pick(std::min<std::size_t>(3, checkpoints.size()))
                                            : pick(checkpoints.size());
            const G::timestamp cp = checkpoints[k];
            checkpoints.resize(k + 1);
            for (const node n : std::vector<node>(alive.begin(), alive.end()))
                if (g.creation_index(n) >= cp) kill(n);
            g.rollback(cp);
        } else if (op < 91 && !nodes.empty()) {
            const node n = nodes[pick(nodes.size())];
            std::vector<node> earlier;
            for (const node m : nodes)
                if (m.index() < n.index()) earlier.push_back(m);
            if (is_call(g.kind(n))) {
                std::vector<argument> args = random_args(earlier, 2);
                if (g.kind(n) == node_kind::call_method) args.insert(args.begin(), 1);
                if (rng() % 2) g.set_args(n, args);
                else g.set_kwargs(n, {{"z", random_arg(earlier, random_arg, 0)}});
            }
        } else if (op < 94 && rng() % 2) {
            if (auto out = g.output()) {
                g.erase_node(*out);
                kill(*out);
            } else {
                alive.insert(g.set_output(random_args(nodes, 3)));
            }
        } else if (op == 94) {
            const std::set<node> want = expected_dce(g);
            const std::size_t removed = g.eliminate_dead_code([](std::string_view t) { return t == "impure"; });
            REQUIRE(removed == want.size());
            for (const node n : want) {
                REQUIRE_FALSE(g.contains(n));
                kill(n);
            }
        } else {
            // Misuse is reported and changes nothing.
            if (!dead.empty()) {
                const node d = dead[pick(dead.size())];
                REQUIRE(error_of([&] { (void)g.users(d); }).starts_with("graph error: "));
                REQUIRE(error_of([&] { (void)g.add_call_function("bad", {d}); }).starts_with("graph error: "));
            }
        }

        check_users(g);
        REQUIRE(g.size() == alive.size());
        for (const node n : alive) REQUIRE(g.contains(n));
        if (step % 500 == 0)
            for (const node n : dead) REQUIRE_FALSE(g.contains(n));
    }
    return print_readable(g);
}
} // namespace

TEST_CASE("graph: 20000 random operations keep users consistent") {
    const std::string first = random_run(2024, 20000);
    // Determinism: the same operations give byte-identical graphs.
    CHECK(random_run(2024, 2000) == random_run(2024, 2000));
    CHECK_FALSE(first.empty());
}

TEST_CASE("graph: the name set survives heavy insertion and deletion") {
    // The open-addressing set behind unique names, against std::set.
    lasso::graph::detail::flat_u64_set set;
    std::set<std::uint64_t> model;
    std::mt19937_64 rng(7);
    for (int step = 0; step < 200000; ++step) {
        const std::uint64_t key = rng() % 3000; // dense keys: long probe runs
        if (rng() % 3 == 0) {
            REQUIRE(set.erase(key) == (model.erase(key) == 1));
        } else {
            REQUIRE(set.insert(key) == model.insert(key).second);
        }
        if (step % 1000 == 0)
            for (std::uint64_t k = 0; k < 3000; ++k) REQUIRE(set.contains(k) == model.contains(k));
    }
    REQUIRE(set.size() == model.size());
}

TEST_CASE("graph: symbolic sizes as arguments") {
    lasso::symbolic::shape_env env;
    const lasso::sym_int s0 = lasso::sym_int::of_atom(env, env.add_symbol("L['x'].shape[0]", 4));
    G g;
    const node x = g.add_placeholder("x", T("f64", {4}));
    // A constant size is stored as its integer; a symbolic one keeps its expression.
    const node r = g.add_call_method("reshape", {x, tuple_of({2 * s0, lasso::sym_int(3)})});
    const node f = g.add_call_function("full", {tuple_of({floor_div(s0, 2)}), 1.5});
    g.set_output({r, f, s0 + 1});
    check_users(g);
    CHECK(g.args(r)[1] == tuple_of({argument(2 * s0), 3}));
    CHECK(g.args(r)[1].get_if<sequence>()->items[1].holds<std::int64_t>());
    const std::vector<argument> args = g.args(r);
    const argument& size = args[1].get_if<sequence>()->items[0];
    REQUIRE(size.is_size());
    CHECK(size.get_if<size_argument>()->value.same_as(2 * s0));
    CHECK_FALSE(size == argument(2 * s0 + 1));
    const std::string printed =
        "graph(x: f64[4]):\n"
        "    reshape = x.reshape((2*s0, 3))\n"
        "    full = full((s0//2,), 1.5)\n"
        "    return (reshape, full, s0 + 1)\n";
    CHECK(print_readable(g) == printed);
    // A copy keeps the sizes; comparing them records no guard.
    const G c = g.copy();
    CHECK(print_readable(c) == printed);
    CHECK(env.guards().empty());
}

TEST_CASE("graph: an int input as a symbolic size") {
    lasso::symbolic::shape_env env;
    const lasso::sym_int s0 = lasso::sym_int::of_atom(env, env.add_symbol("L['n']", 4));
    G g;
    const node x = g.add_placeholder("L['x']", T("f64", {3}));
    const node n = g.add_size_placeholder("L['n']", s0);
    CHECK(g.add_size_placeholder("L['n']", s0) == n); // one input per source
    REQUIRE(g.placeholder_size(n).has_value());
    CHECK(g.placeholder_size(n)->same_as(s0));
    CHECK_FALSE(g.placeholder_size(x).has_value());
    CHECK_FALSE(g.meta(n).has_value());
    const node m = g.add_call_function("mul", {x, s0 * 2});
    g.set_output({m});
    CHECK(print_readable(g) ==
          "graph(l_x_: f64[3], l_n_: Sym(s0)):\n"
          "    mul = mul(l_x_, 2*s0)\n"
          "    return (mul,)\n");
    CHECK_FALSE(g.placeholder_size(m).has_value());
}
