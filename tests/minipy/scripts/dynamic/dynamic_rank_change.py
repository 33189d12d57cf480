# A rank change is an ordinary recompile and marks nothing new, but a dimension already
# marked stays dynamic: the 2-D input's first dimension is a symbol at once, its second
# (never seen to change) is static.
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=6 cache_hits=3
# explain-guard: f: tensor L['x']: i64[s0]
# explain-guard: f: tensor L['x']: i64[s0, 2]
# explain-recompile: f: L['x'].shape[0]: 2 -> 3, now dynamic
@capture
def f(x):
    return x * 10
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([[1, 2], [3, 4]])))
print(f(tensor([[1, 2], [3, 4], [5, 6]])))
print(f(tensor([[1, 2], [3, 4], [5, 6], [7, 8]])))
print(f(tensor([1, 2, 3, 4])))
