# A loop over range(n) of a symbolic n is unrolled by the trace, so n is specialized:
# the entry guards s0 == 3 and another size recompiles. The dimension stays dynamic, so
# the later entries are symbolic too, each pinned by its own equality.
# explain: graphs=3 graph_breaks=0 ops=9 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=4 cache_hits=1 graph_ops=2,3,4
# explain-guard: f: s0 == 3
# explain-guard: f: s0 == 4
# explain-recompile: f: s0 == 3, but s0 = 4
@capture
def f(x):
    y = x
    for i in range(x.shape[0]):
        y = y + i
    return y
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4])))
print(f(tensor([0, 0, 0])))
