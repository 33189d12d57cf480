# mark_dynamic on a dimension of size 1 keeps it static (sizes 0 and 1 are
# specialized); the marked dimension of size 4 of another tensor is a symbol.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-guard: f: tensor L['x']: i64[1, 2]
# explain-guard: f: tensor L['x']: i64[s0, 2]
@capture
def f(x):
    return x * 5
a = tensor([[1, 2]])
mark_dynamic(a, 0)
print(f(a))
b = tensor([[1, 2], [3, 4], [5, 6], [7, 8]])
mark_dynamic(b, 0)
print(f(b))
print(f(tensor([[0, 1], [1, 0]])))
