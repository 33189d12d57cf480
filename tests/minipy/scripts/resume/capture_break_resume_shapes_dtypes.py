# A frame with a break called with three metadata combinations (float64 and int64 of
# shape (2,), float64 of shape (3,)), then two of them again: f and its resume function
# each get three entries, and the repeats hit both. The resume function's branch on
# y.dtype is decided at trace time from the guarded metadata.
# explain: graphs=6 graph_breaks=3 ops=6 recompiles=4 frames_captured=6
# explain-frame: f graphs=3 unsupported=0 breaks=3 cache_entries=3 recompiles=2 ops=3 calls=5 cache_hits=2
# explain-frame: resume_in_f_at_12 graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=5 cache_hits=2
# explain-reason: f@12: print
@capture
def f(x):
    y = x * 2
    print("dtype", y.dtype, "shape", y.shape)
    if y.dtype == "float64":
        return y + 0.5
    return y + 1
print(f(tensor([1.0, 2.0])))
print(f(tensor([1, 2])))
print(f(tensor([1.0, 2.0, 3.0])))
print(f(tensor([5.0, 6.0])))
print(f(tensor([7, 8])))
