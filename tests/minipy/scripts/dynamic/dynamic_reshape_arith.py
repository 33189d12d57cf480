# Shape arithmetic flows into reshape: n // 2 of a symbolic n is (s0)//2, and the
# reshape's element count is a relation on it, 2*(s0//2) == s0, which even sizes keep.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2
# explain-guard: f: 2*(s0//2) == s0
# explain-graph: f: reshape: i64[s0//2, 2] = l_x_.reshape(s0//2, 2)
@capture
def f(x):
    n = x.shape[0]
    return x.reshape(n // 2, 2)
print(f(tensor([1, 2, 3, 4])))
print(f(tensor([1, 2, 3, 4, 5, 6])))
print(f(tensor([1, 2, 3, 4, 5, 6, 7, 8])))
print(f(tensor([0, 1])))
