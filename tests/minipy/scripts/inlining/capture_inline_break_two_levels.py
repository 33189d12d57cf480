# A graph break two calls deep: leaf calls graph_break(). exp and v + 1.0 before it;
# after it, the rest of leaf (v * 3.0), of mid (- 1.0) and of f (a + b) in one graph.
#
# explain: graphs=2 graph_breaks=1 ops=5 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16_via_leaf_at_9 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-reason: f@9: graph_break() called (in an inlined call: f line 16 > mid line 12 > leaf line 9)
def leaf(v):
    graph_break()
    return v * 3.0
def mid(v):
    return leaf(v + 1.0) - 1.0
@capture
def f(x):
    a = x.exp()
    b = mid(a)
    return a + b
print(f(tensor([0.0, 1.0])))
print(f(tensor([2.0, -1.0])))
