# A graph break inside an inlined call with a size live in both frames: f's graph
# outputs the size, and the resume function (the rest of helper, then of f) gets the
# call's value as an int argument, a constant to it: it recompiles per size, its tensor
# input becoming symbolic on the second size.
# explain: graphs=5 graph_breaks=2 ops=8 recompiles=3 frames_captured=5
# explain-frame: f graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-frame: resume_in_f_at_17_via_helper_at_12 graphs=3 breaks=0 cache_entries=3 recompiles=2 calls=3 cache_hits=0 graph_ops=2,2,2
# explain-graph: f: mul: i64[s0] = mul(l_x_, s0)
# explain-reason: f@12: call of print() (in an inlined call: f line 17 > helper line 12)
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
