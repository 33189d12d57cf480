# A helper that prints twice: the first print breaks inside the inlined call of f; the
# resume function of f inlines the helper's resume function, whose second print breaks
# again inside it (its call in the resume function's prologue stands for f's call).
# Three graphs: x * x and v + 1.0; w * 2.0; w - v and + y.
# explain: graphs=3 graph_breaks=2 ops=5 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_20_via_helper_at_13 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_20_via_helper_at_15 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@13: call of print() (in an inlined call: f line 20 > helper line 13)
# explain-reason: resume_in_f_at_20_via_helper_at_13@15: call of print() (in an inlined call: resume_in_f_at_20_via_helper_at_13 line 20 > resume_in_helper_at_13 line 15)
def helper(v):
    w = v + 1.0
    print("first")
    w = w * 2.0
    print("second")
    return w - v
@capture
def f(x):
    y = x * x
    return helper(y) + y
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
