# A function from the frame's locals is guarded on its code, not on its identity, so
# a closure made anew for every call hits the cache: its cell is read through
# L['fn'].__closure__[0].cell_contents and guarded by value. apply gets a new scale
# closure on each call (hit), one with another k (recompiles: the cell's guard), and
# one of another code, shift (recompiles: the code's guard). apply_after_break makes
# its closure in the trace (make_scale inlined, its cell made there); live at the
# print, it is made again by the generated code with a new cell holding k, and the
# resume function, which gets a new closure on each call, hits too.
# explain: graphs=4 graph_breaks=1 ops=7 recompiles=2 frames_captured=5
# explain-frame: apply graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=6 calls=5 cache_hits=2
# explain-frame: apply_after_break graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2
# explain-frame: resume_in_apply_after_break_at_31 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-reason: apply_after_break@31: print
def make_scale(k):
    def scale(v):
        return v * k
    return scale

def make_shift(k):
    def shift(v):
        return v + k
    return shift

@capture
def apply(x, fn):
    return fn(x) + 1.0

@capture
def apply_after_break(x, k):
    fn = make_scale(k)
    print("made")
    return fn(x)

x = tensor([1.0, 2.0])
print(apply(x, make_scale(2.0)))
print(apply(x, make_scale(2.0)))
print(apply(x, make_scale(3.0)))
print(apply(x, make_shift(2.0)))
print(apply(x, make_scale(2.0)))
for i in range(3):
    print(apply_after_break(x, 2.0))
