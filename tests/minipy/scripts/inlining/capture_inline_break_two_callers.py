# The same helper broken from two captured callers, called in turn: each caller has
# its own resume function, and the helper's resume function is one code shared by
# both; nothing recompiles and every later call hits.
# explain: graphs=4 graph_breaks=2 ops=7 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_17_via_helper_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=3 cache_hits=2
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_g_at_20_via_helper_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=3 cache_hits=2
# explain-reason: f@13: call of print() (in an inlined call: f line 17 > helper line 13)
# explain-reason: g@13: call of print() (in an inlined call: g line 20 > helper line 13)
def helper(v):
    w = v + 1.0
    print("helper")
    return w * v
@capture
def f(x):
    return helper(x * 2.0) + 1.0
@capture
def g(x, y):
    return y - helper(x)
for i in range(3):
    print(f(tensor([1.0, 2.0])))
    print(g(tensor([1.0, 2.0]), tensor([0.5, 0.5])))
