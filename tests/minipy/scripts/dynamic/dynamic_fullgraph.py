# fullgraph=True with symbolic sizes: the symbolic translation captures the whole frame
# too (shape arithmetic, a branch on a size and a reshape are not graph breaks).
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=2,2
# explain-guard: f: s0 >= 3
@capture(fullgraph=True)
def f(x):
    n = x.shape[0]
    if n >= 3:
        return x.reshape(1, n) * n
    return x.reshape(n, 1) * n
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4])))
print(f(tensor([1, 2, 3, 4, 5])))
print(f(tensor([7, 7, 7])))
