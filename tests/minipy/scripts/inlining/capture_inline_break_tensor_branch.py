# A branch on a tensor inside a helper: the jump runs in f's generated code, and each
# side calls f's resume function with the helper's resume function for that side (one
# at the return under the `if`, one after it); x * y and the sum before it.
# explain: graphs=3 graph_breaks=1 ops=6 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_17_via_clip_at_12 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17_via_clip_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1 cache_hits=0
# explain-reason: f@11: branch on a tensor value (in an inlined call: f line 17 > clip line 11)
def clip(v):
    s = v.sum()
    if s:
        return v - s
    return v + 1.0
@capture
def f(x, y):
    z = x * y
    return clip(z) * 2.0
print(f(tensor([1.0, 2.0]), tensor([1.0, 1.0])))
print(f(tensor([1.0, -1.0]), tensor([1.0, 1.0])))
print(f(tensor([3.0, 2.0]), tensor([1.0, 1.0])))
