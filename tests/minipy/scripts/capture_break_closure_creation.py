# Creating functions (lambda, def) inside a captured frame is not captured in this
# stage. with_lambda graph-breaks at make_function (the interpreter creates the
# lambda); its resume function inlines the call of the lambda, default included
# (v * 2, then + 1: 2 ops). The lambda is a new object on every call, so the resume
# function, guarded on its identity, translates again on the second call.
# with_def has a cell variable (k, captured by add_k): no graph break there, the
# frame runs eagerly. The closures work either way.
#
#
#
# explain: graphs=2 graph_breaks=2 ops=4 recompiles=1 frames_captured=3
# explain-frame: with_lambda graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_with_lambda_at_19 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: with_def graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: with_lambda@19: make_function
# explain-reason: with_def@23: cell variables
@capture
def with_lambda(x):
    f = lambda v, s=2: v * s
    return f(x) + 1
@capture
def with_def(x, k):
    def add_k(v):
        return v + k
    return add_k(x), add_k(k)
print(with_lambda(tensor([1, 2])), with_lambda(tensor([3, 4])))
print(with_def(tensor([1.0]), 2), with_def(tensor([1.0]), 2))
