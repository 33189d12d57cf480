# Reductions over a symbolic dimension: mean() and max() need a non-empty tensor, which
# a size of 2 or more is (known, no guard); sum(0) removes the symbolic dimension.
# explain: graphs=2 graph_breaks=0 ops=10 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=5,5
# explain-graph: f: sum: f64[3] = l_x_.sum(0)
@capture
def f(x):
    return x.sum(0) + x.mean() + x.max()
print(f(tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])))
print(f(tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])))
print(f(tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [2.0, 2.0, 2.0]])))
