# Before the print only constants are computed (n folds, x.shape is a trace-time
# attribute): f compiles no graph but guards k and x's shape, so k=2 translates f again.
# The resume function folds x * n into its graph and is guarded on n (4, 4, then 7).
# explain: graphs=2 graph_breaks=2 ops=2 recompiles=2 frames_captured=4
# explain-frame: f graphs=0 unsupported=0 breaks=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_12 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-reason: f@12: print
@capture
def f(x, k):
    n = k * 3 + 1
    s = x.shape
    print("n =", n, "shape", s)
    return x * n, s
x = tensor([1, 2])
print(f(x, 1))
print(f(x - 5, 1))
print(f(x, 2))
