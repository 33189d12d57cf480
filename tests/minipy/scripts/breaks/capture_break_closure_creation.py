# Creating functions (lambda, def) inside a captured frame. with_lambda makes its
# lambda in the trace (a function tracker of the code constant, its default a tuple)
# and inlines the call, default included (v * 2, then + 1: 2 ops); the lambda is never
# built, so the second call (same shapes) hits the cache. with_def has a cell variable
# (k, captured by add_k): the closure is a made function whose closure holds the
# frame's cell, inlined on both calls (x + k, and k + k folded to 4); it is never
# built either. The closures work either way.
#
#
#
# explain: graphs=2 graph_breaks=0 ops=3 recompiles=0 frames_captured=2
# explain-frame: with_lambda graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: with_def graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
#
#
#
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
