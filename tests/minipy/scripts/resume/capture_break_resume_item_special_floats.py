# Float constants handed to a resume function are guarded bit for bit: -0.0 does not
# pass the guard made for 0.0 (str(v) folds to "0.0" or "-0.0", so sharing the entry
# would print the wrong one), and a NaN passes the guard made for the same NaN, so g's
# second call hits although nan == nan is False (v == v folds to False).
# explain: graphs=4 graph_breaks=2 ops=5 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_14 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@14: item
# explain-reason: g@18: item
@capture
def f(x):
    v = x.max().item()
    return str(v), x * v
@capture
def g(x):
    v = (x - x).max().item()
    return str(v), v == v
print(f(tensor([0.0])))
print(f(tensor([-0.0])))
print(f(tensor([0.0])))
inf = float("inf")
print(g(tensor([inf])), g(tensor([-inf])))
