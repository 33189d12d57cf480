# item() inside a helper breaks inside the inlined call: abs, + 1.0 and max before it;
# the item runs in f's code and its float goes to the helper's resume function, where
# it is a constant (guarded): a new maximum recompiles the resume function.
# explain: graphs=3 graph_breaks=1 ops=7 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_14_via_norm_at_9 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-reason: f@9: item() is data-dependent (in an inlined call: f line 14 > norm line 9)
def norm(v):
    m = v.max().item()
    return v / m
@capture
def f(x):
    y = x.abs() + 1.0
    return norm(y) - 0.5
print(f(tensor([1.0, -3.0])))
print(f(tensor([2.0, 4.0])))
