# len() of a tensor with a symbolic first dimension is that size; arithmetic on it
# with a tensor puts the size into the graph (mul(l_x_, s0 - 1)).
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-graph: f: mul: i64[s0] = mul(l_x_, s0 - 1)
@capture
def f(x):
    return x * (len(x) - 1)
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4, 5])))
