# A size used as a dict key or a list index is specialized: the lookup needs the
# concrete value, so the entry guards s0 == 3 and another size recompiles.
# explain: graphs=3 graph_breaks=0 ops=6 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=4 cache_hits=1 graph_ops=2,2,2
# explain-guard: f: s0 == 3
# explain-guard: f: s0 == 4
offsets = [0, 1, 2, 3, 4, 5]
@capture
def f(x):
    n = x.shape[0]
    table = {n: x * 2, 0: x}
    return table[n] + offsets[n - 1]
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4])))
print(f(tensor([3, 2, 1])))
