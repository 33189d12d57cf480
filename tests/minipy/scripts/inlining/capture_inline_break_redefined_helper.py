# A helper that breaks, redefined between calls: the guard on its identity fails, f is
# translated again and breaks inside the new helper, with a resume function of its own
# (the first one stays for the first helper); each is hit on the second call.
# explain: graphs=4 graph_breaks=2 ops=6 recompiles=1 frames_captured=4
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-frame: resume_in_f_at_16_via_helper_at_12 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16_via_helper_at_21 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@12: call of print() (in an inlined call: f line 16 > helper line 12)
# explain-reason: f@21: call of print() (in an inlined call: f line 16 > helper line 21)
def helper(v):
    w = v * 2.0
    print("first helper")
    return w + 1.0
@capture
def f(x):
    return helper(x) * x
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
def helper(v):
    w = v * 3.0
    print("second helper")
    return w - 1.0
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
