# A graph break inside an inlined call with a size live in both frames: f's graph
# outputs the size, and the resume function (the rest of helper, then of f) gets the
# call's value as an int argument: a constant on its first call; on the second, the int
# and its tensor input's size both changed and are one symbol (duck sizing), which the
# third call's size hits.
# explain: graphs=4 graph_breaks=2 ops=6 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-frame: resume_in_f_at_18_via_helper_at_13 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=2,2
# explain-graph: f: mul: i64[s0] = mul(l_x_, s0)
# explain-reason: f@13: call of print() (in an inlined call: f line 18 > helper line 13)
def helper(t, n):
    u = t * n
    print("helper sees", n)
    return u + 1
@capture
def f(x):
    n = x.shape[0]
    return helper(x, n) - n
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([4, 5, 6, 7])))
