# A graph break inside helper (the print), and helper's rest cannot be traced (a try
# block). f's resume function starts by calling helper's resume function; that call
# cannot be inlined, so it is a graph break of its own, at the call that stands for f's
# call of helper: it runs in the interpreter, and the rest of f (z * 3 + 1) is captured
# in one more resume function, not run eagerly. f: x + 1; resume_in_f_at_35: 2 ops.
# g breaks two calls deep (g > mid > helper) with a list under construction on its
# stack and a live local: each resume function's prologue call breaks in turn, and the
# rests of mid (- 1) and of g (3 +, z[1] * w, + : 3 ops) are captured; helper's resume
# code is the same for both callers. g: x * 5, x * 3, + 1.
# explain: graphs=5 graph_breaks=6 ops=10 recompiles=0 frames_captured=8
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_35_via_helper_at_27 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_helper_at_27 graphs=0 unsupported=1 cache_entries=1 calls=4 cache_hits=3
# explain-frame: resume_in_f_at_35 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_44_via_helper_at_27 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_mid_at_40_via_helper_at_27 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_mid_at_40 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_44 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-reason: f@27: print
# explain-reason: resume_in_f_at_35_via_helper_at_27@35: not inlined: a try or with block
# explain-reason: resume_in_helper_at_27@29: a try or with block
# explain-reason: g@27: print
# explain-reason: resume_in_mid_at_40_via_helper_at_27@40: not inlined: a try or with block
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
