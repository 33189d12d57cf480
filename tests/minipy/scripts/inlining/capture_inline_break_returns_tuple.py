# A helper that breaks and then returns a tuple holding a list: the helper's live lo
# and hi are passed to its resume function, the caller unpacks the result after it.
# explain: graphs=2 graph_breaks=1 ops=5 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_14_via_split_at_10 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@10: call of print() (in an inlined call: f line 14 > split line 10)
def split(v):
    lo = v - 1.0
    hi = v + 1.0
    print("split")
    return lo, hi, [lo * hi]
@capture
def f(x):
    a, b, c = split(x * 2.0)
    return b - a, c[0]
print(f(tensor([1.0, 2.0])))
print(f(tensor([0.5, 0.0])))
