# A helper that prints, inlined: its print is a graph break inside the inlined call.
# One graph before it (x * 2.0), the print runs, and one more graph for the rest of
# the helper and of f together (v - 1.0, + y), not one per frame.
#
# explain: graphs=2 graph_breaks=1 ops=3 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_15_via_noisy_at_10 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@10: call of print() (in an inlined call: f line 15 > noisy line 10)
def noisy(v):
    print("in noisy")
    return v - 1.0
@capture
def f(x, y):
    a = x * 2.0
    return noisy(a) + y
print(f(tensor([1.0, 2.0]), tensor([0.5, 0.5])))
print(f(tensor([3.0, 4.0]), tensor([1.0, 1.0])))
