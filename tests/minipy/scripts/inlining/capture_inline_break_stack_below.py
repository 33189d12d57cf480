# A break in a method called in the middle of an expression: a and x are on f's stack
# below the call and a is a live local of f; the method's own u and self are passed to
# its resume function, and the tuple and list are built after the break.
# explain: graphs=2 graph_breaks=1 ops=5 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18_via_apply_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-reason: f@13: call of print() (in an inlined call: f line 18 > apply line 13)
class Scaler:
    def __init__(self, k):
        self.k = k
    def apply(self, v):
        u = v * self.k
        print("scaling by", self.k)
        return u + self.k
@capture
def f(x, s):
    a = x + 1.0
    return (a, x - s.apply(a) * 2.0, [a])
print(f(tensor([1.0, 2.0]), Scaler(3.0)))
print(f(tensor([0.0, 5.0]), Scaler(3.0)))
