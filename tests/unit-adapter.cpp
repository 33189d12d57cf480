// The adapter surface (lasso/adapter/): declared features, the concepts made from the
// requirement table, and the Config concept. What a wrong adapter or Config gives at
// an entry point is tested by the compile-fail tests (tests/compile_fail/).
#include "tiny_exec.hpp"

#include <lasso/lasso.hpp>

#include <boost/hana/tuple.hpp>
#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tiny = lasso_test::tiny;

namespace {

using lasso::feature;
using lasso::feature_set;

// ---- feature sets ----------------------------------------------------------------------

static_assert(feature_set{}.empty());
static_assert(feature_set{feature::inlining}.has(feature::inlining));
static_assert(!feature_set{feature::inlining}.has(feature::closures));
static_assert((feature::inlining | feature::closures) == feature_set{feature::closures, feature::inlining});
static_assert((feature_set{feature::inlining} | feature::closures).contains(feature::closures));
static_assert(lasso::feature_name(feature::graph_breaks) == "graph_breaks");

TEST_CASE("feature names, in the order of the list") {
    CHECK(lasso::feature_names(feature::inlining | feature::template_constants) ==
          std::vector<std::string>{"template_constants", "inlining"});
    CHECK(lasso::feature_names({}).empty());
    CHECK(lasso::feature_names(lasso::features_of<tiny::exec_adapter_resumable>()) ==
          std::vector<std::string>{"template_constants", "code_cache_slot", "graph_breaks", "inlining"});
}

// ---- what the tree's adapters declare ---------------------------------------------------

static_assert(lasso::features_of<tiny::adapter>() == feature_set{feature::template_constants});
static_assert(lasso::bytecode::TemplateConstantAdapter<tiny::adapter>);
static_assert(lasso::InlineAdapter<tiny::exec_adapter> && lasso::HasCodeCacheSlot<tiny::exec_adapter>);
static_assert(!lasso::HasCodeCacheSlot<tiny::exec_adapter_no_slot>);
static_assert(!lasso::ResumeAdapter<tiny::exec_adapter> && lasso::ResumeAdapter<tiny::exec_adapter_resumable>);

// ---- declared, undeclared, and what a feature needs --------------------------------------

/// The tiny adapter with the closures feature's member, in each way it can be declared.
template <bool DeclareInlining, bool DeclareClosures> struct closure_reader : tiny::exec_adapter {
    static constexpr feature_set features = tiny::adapter::features | feature::code_cache_slot |
                                            (DeclareInlining ? feature_set{feature::inlining} : feature_set{}) |
                                            (DeclareClosures ? feature_set{feature::closures} : feature_set{});
    static std::optional<value> function_cell_contents(const value&, std::size_t) { return std::nullopt; }
};

// Declared, with its members and what it needs: on.
static_assert(lasso::ClosureAdapter<closure_reader<true, true>>);
static_assert(lasso::check_interpreter_adapter<closure_reader<true, true>>());
// Not declared: off, although the members are there (and an error at an entry point,
// tests/compile_fail/undeclared_feature.cpp).
static_assert(!lasso::ClosureAdapter<closure_reader<true, false>>);
static_assert(lasso::InlineAdapter<closure_reader<true, false>>);
// Declared without the feature it needs (inlining): off.
static_assert(!lasso::ClosureAdapter<closure_reader<false, true>>);
static_assert(!lasso::InlineAdapter<closure_reader<false, true>>);

/// Declares comptime without `run_comptime`: off (and an error at an entry point,
/// tests/compile_fail/misspelled_feature_member.cpp for the same with graph breaks).
struct comptime_without_member : tiny::adapter {
    static constexpr feature_set features = tiny::adapter::features | feature::comptime;
    static std::optional<std::string> run_comptme(const lasso::comptime_callback<comptime_without_member>&, const frame&,
                                                  lasso::comptime_context<comptime_without_member>&) {
        return std::nullopt;
    }
};
static_assert(!lasso::ComptimeAdapter<comptime_without_member>);

/// The facts are features without members.
struct with_facts : tiny::adapter {
    static constexpr feature_set features =
        tiny::adapter::features | feature::tensor_results_are_new | feature::python_container_methods;
};
static_assert(lasso::tensor_results_are_new<with_facts>() && lasso::python_container_methods<with_facts>());
static_assert(!lasso::tensor_equality_is_identity<with_facts>() && !lasso::tensor_results_are_new<tiny::adapter>());

// ---- the required groups -----------------------------------------------------------------

static_assert(lasso::BytecodeInterpreterAdapter<lasso_test::compact_adapter>);
static_assert(!lasso::GuardAdapter<lasso_test::compact_adapter>); // no frame, no tensor_meta
static_assert(lasso::TranslatorAdapter<tiny::adapter> && lasso::EagerAdapter<tiny::adapter>);
static_assert(!lasso::RuntimeAdapter<tiny::adapter> && !lasso::InterpreterAdapter<tiny::adapter>);
static_assert(lasso::InterpreterAdapter<tiny::exec_adapter>);

// ---- the Config --------------------------------------------------------------------------

struct extra_tracker {
    std::int64_t n = 0;
};
struct extended_config {
    static constexpr auto trackers = lasso::extend_trackers(
        lasso::trackers::default_trackers<tiny::value, tiny::tensor_meta>, boost::hana::tuple_t<extra_tracker>);
    static constexpr std::size_t max_inline_depth = 3;
};
struct without_defaults {
    static constexpr auto trackers = boost::hana::tuple_t<extra_tracker>;
};
struct without_trackers {};
struct with_a_bool_limit : lasso::default_config<tiny::adapter> {
    static constexpr bool max_unrolled_instructions = true;
};

static_assert(lasso::CaptureConfig<lasso::default_config<tiny::adapter>, tiny::adapter>);
static_assert(lasso::CaptureConfig<extended_config, tiny::adapter>);
static_assert(!lasso::CaptureConfig<without_defaults, tiny::adapter>);
static_assert(!lasso::CaptureConfig<without_trackers, tiny::adapter>);
static_assert(!lasso::CaptureConfig<with_a_bool_limit, tiny::adapter>);

} // namespace
