# Before the print only constants are computed (n folds, x.shape is a trace-time
# attribute): f compiles no graph but guards k and x's shape, so k=2 translates f again,
# with k a symbol (it changed: automatic dynamic) and n = 3*k + 1 computed by a graph
# with no operations. The resume function folds n = 4 into x * n; n = 7 makes it a
# symbol there too (x * s0).
# explain: graphs=3 graph_breaks=2 ops=2 recompiles=2 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=0
# explain-frame: resume_in_f_at_15 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-graph: resume_in_f_at_15: mul: i64[2] = mul(l_x_, s0)
# explain-reason: f@15: print
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
