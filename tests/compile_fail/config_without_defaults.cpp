// A Config whose tracker list leaves out the default trackers (it lists only the user's
// own) gets one message saying to start from the defaults, where the user names
// `lasso::translator`, instead of a hundred errors from inside the tracker arena.
// Without LASSO_COMPILE_FAIL the list is the defaults with the user's tracker appended
// (the self-check).
#include "tiny_runtime.hpp"

#include <boost/hana/tuple.hpp>

#include <cstdint>

namespace hana = boost::hana;
namespace tiny = lasso_test::tiny;

/// A user tracker: a tensor scaled by a factor, not yet in the graph.
struct scaled {
    lasso::tracker_ref base;
    std::int64_t factor = 1;
};

struct scale_config {
#ifdef LASSO_COMPILE_FAIL
    static constexpr auto trackers = hana::tuple_t<scaled>;
#else
    static constexpr auto trackers =
        lasso::extend_trackers(lasso::trackers::default_trackers<tiny::value, tiny::tensor_meta>, hana::tuple_t<scaled>);
#endif
};

auto translate(const tiny::adapter::code& code, const tiny::adapter::frame& frame) {
    return lasso::translator<tiny::adapter, scale_config>(code, frame).run();
}

int main() {}
