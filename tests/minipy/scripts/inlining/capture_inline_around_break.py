# Inlining on both sides of a graph break: norm is inlined before the print (sum, div)
# and again in the resume function (mul, sum, div).
# explain: graphs=2 graph_breaks=1 ops=5 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_12 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-reason: f@12: print
def norm(v):
    return v / v.sum()
@capture
def f(x):
    a = norm(x)
    print("between")
    return norm(a * 2.0)
print(f(tensor([1.0, 3.0])))
print(f(tensor([2.0, 2.0])))
