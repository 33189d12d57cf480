# Iterating over the rows of a tensor unrolls the loop, so its row count is
# specialized; the entry is symbolic but pinned (s0 == 3), and each count recompiles.
# explain: graphs=3 graph_breaks=0 ops=24 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=4 cache_hits=1 graph_ops=6,8,10
# explain-guard: f: s0 == 3
@capture
def f(x):
    total = x[0] * 0
    for row in x:
        total = total + row
    return total
print(f(tensor([[1, 2], [3, 4]])))
print(f(tensor([[1, 2], [3, 4], [5, 6]])))
print(f(tensor([[1, 1], [2, 2], [3, 3], [4, 4]])))
print(f(tensor([[0, 1], [1, 0], [1, 1]])))
