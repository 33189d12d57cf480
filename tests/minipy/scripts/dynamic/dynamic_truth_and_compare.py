# The truth of a size of 2 or more is known (no guard); comparing the sizes of two
# inputs with different symbols records the relation, and sizes on the same side
# share the entry.
# explain: graphs=3 graph_breaks=0 ops=9 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=6 cache_hits=3
# explain-guard: f: s0 < s1
# explain-guard: f: s0 >= s1
@capture
def f(x, y):
    if not x.shape[0]:
        return x
    if x.shape[0] < y.shape[0]:
        return y.sum() - x.sum()
    return x.sum() - y.sum()
print(f(tensor([1, 2]), tensor([1, 2, 3])))
print(f(tensor([1, 2, 3]), tensor([1, 2, 3, 4])))
print(f(tensor([5, 5, 5, 5]), tensor([1, 1, 1, 1, 1, 1])))
print(f(tensor([5, 5, 5, 5]), tensor([1, 1])))
print(f(tensor([5, 5, 5, 5, 5, 5]), tensor([1, 1, 1])))
print(f(tensor([1, 2]), tensor([1, 2, 3, 4, 5, 6, 7])))
