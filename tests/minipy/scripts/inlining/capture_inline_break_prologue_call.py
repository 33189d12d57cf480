# A graph break inside helper (the print); helper's rest is a try block, which is
# traced. f's resume function starts by calling helper's resume function, which is
# inlined with the rest of f: y * 2, z * 3, + 1 (3 ops); f itself: x + 1.
# g breaks two calls deep (g > mid > helper) with a list under construction on its
# stack and a live local. g: x * 5, x * 3, + 1 (3 ops). Its resume function inlines
# mid's resume function, which inlines helper's: y * 2, - 1, 3 +, z[1] * w, + (5 ops).
# Neither inner resume function runs as a frame of its own.
# explain: graphs=4 graph_breaks=2 ops=12 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_25_via_helper_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_34_via_helper_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=5 calls=2 cache_hits=1
# explain-reason: f@17: print
# explain-reason: g@17: print
def helper(x):
    y = x + 1
    print("a")
    try:
        y = y * 2
    except ValueError:
        pass
    return y
@capture
def f(x):
    z = helper(x)
    return z * 3 + 1
print(f(ones(2)))
print(f(tensor([1.0, 2.0])))
def mid(x, k=2):
    return helper(x * k) - 1
@capture
def g(x):
    w = x * 5
    z = [w, 3 + mid(x, k=3)]
    return z[0] + z[1] * w
print(g(ones(2)))
print(g(tensor([1.0, 2.0])))
