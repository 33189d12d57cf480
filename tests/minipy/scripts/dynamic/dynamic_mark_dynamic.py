# mark_dynamic(t, 0) makes dimension 0 a symbol from the first translation: other
# sizes hit that entry without a recompile. Another input of the same size shares the
# symbol (duck sizing), and the guards ask it to stay equal.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2
# explain-frame: g graphs=1 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-guard: f: s0 = L['x'].shape[0]
# explain-guard: g: L['y'].shape[0] == s0
@capture
def f(x):
    return x + 1
@capture
def g(x, y):
    return x - y
x = tensor([1, 2, 3])
mark_dynamic(x, 0)
print(f(x))
print(f(tensor([1, 2, 3, 4])))
print(f(tensor([5, 6])))
y = tensor([7, 8, 9])
mark_dynamic(y, -1)
print(g(x, y))
print(mark_dynamic(x, 0))
