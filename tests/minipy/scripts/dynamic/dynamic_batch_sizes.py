# A batch dimension that changes: the first call is traced with static sizes, the second
# (a new size at the same rank) marks dimension 0 dynamic and recompiles once; every
# later size hits the symbolic entry.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=5 cache_hits=3 graph_ops=2,2
# explain-recompile: f: L['x'].shape[0]: 2 -> 3, now dynamic
# explain-guard: f: tensor L['x']: i64[s0]
# explain-guard: f: s0 = L['x'].shape[0]
# explain-guard: f: s0 >= 2
# explain-graph: f: graph(l_x_: i64[s0]):
@capture
def f(x):
    return x * 2 + 1
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([4, 5, 6, 7])))
print(f(tensor([0, 0, 0, 0, 0, 0, 0, 0, 0, 0])))
print(f(tensor([9, 8])))
