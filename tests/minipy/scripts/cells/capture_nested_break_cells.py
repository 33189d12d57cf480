# Graph breaks inside inlined calls of functions with cells. f has a cell k (read by
# the closure scale, made in the trace); helper prints between its two tensor ops. One
# graph before the print across f and helper (x - 1, x * k, + 1), and one resume
# function of f, given f's cells as its closure and its live local w, that continues
# helper (* 2) and f (- k, + w). g is a
# closure (free variables n and count) whose break is two calls deep; its store to
# count is replayed (store_deref) before the print runs, so get() sees it, and count
# is read by g (guard L['count'] == 0), so the second call recompiles: x * 3, + 1 before
# the print, then * 2, - 1, * n after it.
# explain: graphs=5 graph_breaks=3 ops=13 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_29_via_helper_at_19 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: g graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: resume_in_g_at_38_via_helper_at_19 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-reason: f@19: print
# explain-reason: g@19: print
def helper(x):
    y = x + 1
    print("in helper")
    return y * 2
def outer_helper(x):
    return helper(x * 3) - 1
@capture
def f(x):
    k = 3.0
    w = x - 1
    def scale(v):
        return v * k
    z = helper(scale(x))
    return z - k + w
def make():
    n = 2.0
    count = 0
    @capture
    def g(x):
        nonlocal count
        count += 1
        return outer_helper(x) * n
    def get():
        return count
    return g, get
print(f(ones(2)))
print(f(tensor([1.0, 2.0])))
g, get = make()
print(g(ones(2)), get())
print(g(tensor([1.0, 2.0])), get())
