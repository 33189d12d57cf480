# A graph break three calls deep: f calls a, a calls b, b calls c, which prints. One
# graph before the print across all four frames (exp, + 1.0, * 3.0), and one after it
# for the rest of c, b, a and f together (- 1.0, * 2.0, + v, - x), not one per frame.
# explain: graphs=2 graph_breaks=1 ops=7 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18_via_c_at_10 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 calls=2 cache_hits=1
# explain-reason: f@10: call of print() (in an inlined call: f line 18 > a line 15 > b line 13 > c line 10)
def c(v):
    w = v * 3.0
    print("in c")
    return w - 1.0
def b(v):
    return c(v + 1.0) * 2.0
def a(v):
    return b(v.exp()) + v
@capture
def f(x):
    return a(x) - x
print(f(tensor([0.0, 1.0])))
print(f(tensor([2.0, -1.0])))
