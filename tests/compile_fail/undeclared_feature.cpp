// An adapter that defines the members of an optional feature without declaring the
// feature is told to declare it, rather than getting a feature that is silently off.
// The adapter runs comptime callbacks (`run_comptime`) but declares only the tiny
// adapter's features. Without LASSO_COMPILE_FAIL it declares lasso::feature::comptime
// (the self-check).
#include "tiny_runtime.hpp"

#include <optional>
#include <string>

namespace tiny = lasso_test::tiny;

struct hooked : tiny::adapter {
#ifndef LASSO_COMPILE_FAIL
    static constexpr lasso::feature_set features = tiny::adapter::features | lasso::feature::comptime;
#endif
    static std::optional<std::string> run_comptime(const lasso::comptime_callback<hooked>&, const frame&,
                                                   lasso::comptime_context<hooked>&) {
        return std::nullopt;
    }
};

auto translate(const hooked::code& code, const hooked::frame& frame) { return lasso::translator<hooked>(code, frame).run(); }

int main() {}
