# A size as the fill value of full() and as a scalar operand: full((n, 2), n) is an
# int64 tensor whose values the compiled graph computes from the call's size.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=2,2
# explain-graph: f: full: i64[s0, 2] = full((s0, 2), s0)
@capture
def f(x):
    n = x.shape[0]
    return full((n, 2), n) - n * n
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4, 5])))
