# A branch on a size guards the relation, not the size: sizes on the same side share
# an entry. The first symbolic translation takes the `> 3` side; a size of 2 fails that
# relation and makes a second symbolic entry, for `<= 3`.
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=6 cache_hits=3
# explain-guard: f: s0 > 3
# explain-guard: f: s0 <= 3
# explain-recompile: f: L['x'].shape[0]: 5 -> 6, now dynamic
# explain-recompile: f: s0 > 3, but s0 = 2
@capture
def f(x):
    if x.shape[0] > 3:
        return x * 2
    return x - 1
print(f(tensor([1, 2, 3, 4, 5])))
print(f(tensor([1, 2, 3, 4, 5, 6])))
print(f(tensor([1, 2, 3, 4, 5, 6, 7])))
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4, 5, 6, 7, 8, 9])))
