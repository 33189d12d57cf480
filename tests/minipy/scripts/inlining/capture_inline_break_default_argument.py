# graph_break() in a helper whose defaults are read (and guarded) in captured code:
# the first call's break is in f; the second call's break is inside f's resume function,
# where by (a default) is passed on to the helper's resume function as a constant.
# explain: graphs=3 graph_breaks=2 ops=5 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16_via_shift_at_12 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17_via_shift_at_12 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@12: graph_break() called (in an inlined call: f line 16 > shift line 12)
# explain-reason: resume_in_f_at_16_via_shift_at_12@12: graph_break() called (in an inlined call: resume_in_f_at_16_via_shift_at_12 line 17 > shift line 12)
def shift(v, by=0.5, scale=2.0):
    u = v * scale
    graph_break()
    return u + by
@capture
def f(x):
    a = shift(x)
    b = shift(x, scale=3.0)
    return a + b
print(f(tensor([1.0, 2.0])))
print(f(tensor([0.0, -1.0])))
