# A range made in the trace and returned, or live at a graph break, is made again by
# calling range with its own bounds, even when it is empty: range(1, -6, 2) comes back
# as range(1, -6, 2), not as an empty range starting at its stop (found by the
# differential fuzzer: the rebuilt range started at the stop whenever it had no items).
# f: captured whole (x + 1), returning one range twice; the third call has another n
# (a recompile), the second is a cache hit.
# g: x * 2, then a graph break at print with the empty range live; its resume function
# returns it with no ops.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=4
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_g_at_28 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-reason: g@28: print
@capture
def f(x, n):
    r = range(1, n, 2)
    return x + 1, r, r
y, r, s = f(tensor([1.0]), -6)
print(y, r, r is s, len(r), list(r))
y, r, s = f(tensor([2.0]), -6)
print(y, r, r is s, len(r))
y, r, s = f(tensor([2.0]), 6)
print(y, r, r is s, len(r), list(r))
@capture
def g(x):
    r = range(3, 3)
    y = x * 2
    print("break", r)
    return y, r
y, r = g(tensor([1.0]))
print(y, r, list(r), r == range(0))
