# Where a size cannot stay symbolic it is specialized: float arithmetic (n * 0.5) and a
# string of it (str(n)) need the concrete value, so the entry guards s0 == 3 and each
# new size recompiles, its entry pinned the same way.
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=4 cache_hits=1
# explain-guard: f: s0 == 3
# explain-guard: f: s0 == 5
@capture
def f(x):
    n = x.shape[0]
    return x * (n * 0.5), "rows: " + str(n)
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0, 3.0])))
print(f(tensor([1.0, 2.0, 3.0, 4.0, 5.0])))
print(f(tensor([3.0, 2.0, 1.0])))
