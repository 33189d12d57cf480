// A member of a declared optional feature that is misspelled is an error naming the
// member the feature needs, where the user names `lasso::runtime`, not a feature that
// is silently off. The adapter declares graph breaks (lasso::feature::graph_breaks) and
// spells `make_resume_function` wrong. Without LASSO_COMPILE_FAIL the spelling is right
// (the self-check).
#include "tiny_exec.hpp"

namespace tiny = lasso_test::tiny;

struct resumable : tiny::exec_adapter {
    static constexpr lasso::feature_set features = tiny::exec_adapter::features | lasso::feature::graph_breaks;

#ifdef LASSO_COMPILE_FAIL
    static value make_resume_functon(const code& c, const frame&) {
        return tiny::make(tiny::function{c->fields.name, c, nullptr, nullptr});
    }
#else
    static value make_resume_function(const code& c, const frame&) {
        return tiny::make(tiny::function{c->fields.name, c, nullptr, nullptr});
    }
#endif
};

resumable::value run(lasso::runtime<resumable>& rt, resumable::frame& f) { return rt.eval_frame(f); }

int main() {}
