# An object made in an inlined helper and live at a graph break inside it is built by
# the generated code before the print runs (its t is the graph's output x + 1); the one
# resume function continues the helper (a.t * 2, now a store to an attribute of a
# frame value, replayed) and outer (a.t + 1): 2 ops. The object outer returns is the
# one built at the break.
# explain: graphs=2 graph_breaks=1 ops=3 recompiles=0 frames_captured=2
# explain-frame: outer graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_outer_at_20_via_helper_at_15 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: outer@15: print
class Acc:
    def __init__(self, t):
        self.t = t
def helper(x):
    a = Acc(x + 1)
    print("in helper")
    a.t = a.t * 2
    return a
@capture
def outer(x):
    a = helper(x)
    return a.t + 1, a
r, a = outer(ones(2))
print(r, a.t)
r, a = outer(tensor([1.0, 2.0]))
print(r, a.t, isinstance(a, Acc))
