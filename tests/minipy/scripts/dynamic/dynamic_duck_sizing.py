# Two inputs of equal size share one symbol (duck sizing); a call where they differ
# fails that guard and recompiles with two symbols, whose entry serves both cases.
# explain: graphs=3 graph_breaks=0 ops=9 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=5 cache_hits=2 graph_ops=3,3,3
# explain-guard: f: L['y'].shape[0] == s0
# explain-guard: f: s1 = L['y'].shape[0]
# explain-recompile: f: L['y'].shape[0] == s0, but 5 != 4
@capture
def f(x, y):
    return x.sum() + y.sum()
print(f(tensor([1, 2]), tensor([3, 4])))
print(f(tensor([1, 2, 3]), tensor([3, 4, 5])))
print(f(tensor([1, 2, 3, 4]), tensor([1, 1, 1, 1, 1])))
print(f(tensor([1, 2, 3, 4, 5, 6]), tensor([1, 1])))
print(f(tensor([1, 2]), tensor([7, 7])))
