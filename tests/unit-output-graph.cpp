// The output graph: checkpoint and restore undo every kind of change a translation
// makes (trackers added and edited in place, graph nodes, sources, guards, inputs,
// places), nest, and advance the generation.
#include "tiny_runtime.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace tiny = lasso_test::tiny;
namespace trackers = lasso::trackers;

namespace {
using output = lasso::output_graph<tiny::adapter, lasso::config_tracker_list<lasso::default_config<tiny::adapter>>>;
using meta = tiny::adapter::tensor_meta;

std::vector<lasso::tracker_ref> list_items(const output& out, lasso::tracker_ref r) {
    return out.trackers.get_if<trackers::list>(r)->items;
}
} // namespace

TEST_CASE("output graph: restore undoes each kind of change") {
    output out;
    const auto one = out.trackers.add(trackers::constant_value{std::int64_t{1}});
    const auto list = out.trackers.add(trackers::list{{one}});
    const auto cell = out.trackers.add(trackers::cell{one});
    const auto it = out.trackers.add(trackers::iterator{{one, one}, 0, {}, 0});
    const auto x = out.graph.add_placeholder("l_x_", meta{"f64", {3}});
    out.inputs.emplace_back(x, out.sources.local("x"));
    out.add_guard(lasso::guard_kind::global_state, std::nullopt, [](auto& g) { g.expected_flag = true; });
    out.add_place(lasso::source_kind::global, 0, "w", one);
    const std::string graph_before = lasso::graph::print_readable(out.graph);

    const auto cp = out.checkpoint();
    const auto generation = out.generation();
    // trackers added, and trackers from before the checkpoint edited in place
    const auto two = out.trackers.add(trackers::constant_value{std::int64_t{2}});
    out.edit<trackers::list>(list)->items.push_back(two);
    out.edit<trackers::list>(list)->items.push_back(two); // a second edit of the same tracker
    out.edit<trackers::cell>(cell)->contents = two;
    out.edit<trackers::iterator>(it)->position = 2;
    // a node, a source, an input, a guard, a place
    const auto y = out.graph.add_placeholder("l_y_", meta{"f64", {3}});
    out.inputs.emplace_back(y, out.sources.local("y"));
    const std::vector<lasso::graph::argument> args{x, y};
    out.graph.add_call_function("add", lasso::graph::list_ref<lasso::graph::argument>(args), {}, meta{"f64", {3}});
    out.add_guard(lasso::guard_kind::tensor_match, lasso::source_ref{1}, [](auto& g) {
        g.expected_meta = meta{"f64", {3}};
    });
    out.add_place(lasso::source_kind::global, 0, "v", two);
    REQUIRE(list_items(out, list).size() == 3);

    out.restore(cp);
    CHECK(out.trackers.size() == 4);
    CHECK(list_items(out, list) == std::vector<lasso::tracker_ref>{one});
    CHECK(out.trackers.get_if<trackers::cell>(cell)->contents == one);
    CHECK(out.trackers.get_if<trackers::iterator>(it)->position == 0);
    CHECK(lasso::graph::print_readable(out.graph) == graph_before);
    CHECK(out.sources.size() == 1);
    CHECK(out.inputs.size() == 1);
    CHECK(out.guards.size() == 1);
    CHECK(out.find_place(lasso::source_kind::global, 0, "w") != nullptr);
    CHECK(out.find_place(lasso::source_kind::global, 0, "v") == nullptr);
    CHECK(out.generation() == generation + 1);
}

TEST_CASE("output graph: checkpoints nest, and edits of new trackers are not saved") {
    output out;
    const auto one = out.trackers.add(trackers::constant_value{std::int64_t{1}});
    const auto outer_list = out.trackers.add(trackers::list{});
    const auto outer = out.checkpoint();
    const auto inner_list = out.trackers.add(trackers::list{});
    out.edit<trackers::list>(inner_list)->items.push_back(one); // made after `outer`: truncation undoes it
    out.edit<trackers::list>(outer_list)->items.push_back(one);
    const auto inner = out.checkpoint();
    out.edit<trackers::list>(inner_list)->items.push_back(one);
    out.edit<trackers::list>(outer_list)->items.push_back(one);
    CHECK(list_items(out, outer_list).size() == 2);

    out.restore(inner);
    CHECK(list_items(out, outer_list).size() == 1);
    CHECK(list_items(out, inner_list).size() == 1);
    out.restore(outer);
    CHECK(out.trackers.size() == 2);
    CHECK(list_items(out, outer_list).empty());
}

TEST_CASE("output graph: without a checkpoint, edits cost no saving") {
    output out;
    const auto l = out.trackers.add(trackers::list{});
    for (int i = 0; i < 100; ++i) out.edit<trackers::list>(l)->items.push_back(l);
    const auto cp = out.checkpoint();
    out.restore(cp);
    CHECK(list_items(out, l).size() == 100); // nothing before the checkpoint is undone
}

TEST_CASE("output graph: restore truncates the side-effect record and its places") {
    output out;
    const auto object = out.trackers.add(trackers::constant_value{std::int64_t{0}});
    const auto one = out.trackers.add(trackers::constant_value{std::int64_t{1}});
    const auto two = out.trackers.add(trackers::constant_value{std::int64_t{2}});
    auto store = [&](lasso::output::mutation_kind kind, std::string name, lasso::tracker_ref v) {
        lasso::output::mutation m;
        m.kind = kind;
        m.target = kind == lasso::output::mutation_kind::global ? lasso::tracker_ref{} : object;
        m.name = std::move(name);
        m.value = v;
        out.effects.record(std::move(m));
    };
    using kind = lasso::output::mutation_kind;
    store(kind::attribute, "x", one);
    store(kind::global, "g", one);
    const auto cp = out.checkpoint();
    store(kind::attribute, "x", two);
    store(kind::attribute, "y", two);
    CHECK(out.effects.latest(kind::attribute, object, "x")->value == two);
    // The newest value of each place, in the order the places were first mutated.
    auto final = out.effects.final_mutations();
    REQUIRE(final.size() == 3);
    CHECK(final[0]->name == "x");
    CHECK(final[0]->value == two);
    CHECK(final[1]->name == "g");
    CHECK(final[2]->name == "y");
    CHECK(out.effects.targets().size() == 1);

    out.restore(cp);
    CHECK(out.effects.size() == 2);
    CHECK(out.effects.latest(kind::attribute, object, "x")->value == one);
    CHECK(out.effects.latest(kind::attribute, object, "y") == nullptr);
    CHECK(out.effects.latest(kind::global, {}, "g")->value == one);
    final = out.effects.final_mutations();
    REQUIRE(final.size() == 2);
    CHECK(final[0]->value == one);
    CHECK(out.effects.is_target(object));
}

TEST_CASE("output graph: a list read at last keeps its handle, and restore makes it unread again") {
    output out;
    const auto one = out.trackers.add(trackers::constant_value{std::int64_t{1}});
    const auto two = out.trackers.add(trackers::constant_value{std::int64_t{2}});
    using unread = trackers::unread_list<tiny::value>;
    const auto log = out.trackers.add(unread{tiny::make(tiny::list{{}}), {}, 0}, out.sources.local("log"));
    // Appending to it unread records a mutation whose entry items are not known.
    lasso::output::mutation m;
    m.kind = lasso::output::mutation_kind::contents;
    m.target = log;
    m.entry_unknown = true;
    out.effects.record(std::move(m));
    out.edit<unread>(log)->appended.push_back(two);
    const auto cp = out.checkpoint();
    // Read: its entry items (one) and then what was appended (two), same handle.
    out.effects.entry_items_read(log, {one});
    out.replace<unread>(log, trackers::list{{one, two}});
    REQUIRE(out.trackers.get_if<trackers::list>(log));
    CHECK(list_items(out, log) == std::vector<lasso::tracker_ref>{one, two});
    const auto* entry = out.effects.latest(lasso::output::mutation_kind::contents, log);
    REQUIRE(entry);
    CHECK(!entry->entry_unknown);
    CHECK(entry->entry_items == std::vector<lasso::tracker_ref>{one});
    out.restore(cp);
    REQUIRE(out.trackers.get_if<unread>(log));
    CHECK(out.trackers.get_if<unread>(log)->appended == std::vector<lasso::tracker_ref>{two});
    CHECK(!out.trackers.get_if<trackers::list>(log));
}
