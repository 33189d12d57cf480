# Of two dimensions only the one that changed becomes a symbol; the other stays static
# until it changes too (a second recompile, which names that dimension).
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=5 cache_hits=2
# explain-guard: f: tensor L['x']: i64[s0, 3]
# explain-guard: f: tensor L['x']: i64[s0, s1]
# explain-recompile: f: L['x'].shape[0]: 2 -> 4, now dynamic
# explain-recompile: f: L['x'].shape[1]: 3 -> 2, now dynamic
# explain-graph: f: sum: i64[s0] = l_x_.sum(1)
@capture
def f(x):
    return x.sum(1)
print(f(tensor([[1, 2, 3], [4, 5, 6]])))
print(f(tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 1]])))
print(f(tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])))
print(f(tensor([[1, 2], [3, 4], [5, 6]])))
print(f(tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])))
