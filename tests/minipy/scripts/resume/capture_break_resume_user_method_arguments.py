# A print inside the argument of a method of a user object: the method lookup (the
# function and s) and x * 2 are on the stack at the break, and the code at the break
# looks the method up again on s. The resume function (at the argument's line) adds 0,
# inlines the method (t * self.k, k guarded) and adds 1: 3 ops.
#
#
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_19 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-reason: f@19: print
class Scaler:
    def __init__(self, k):
        self.k = k
    def apply(self, t):
        return t * self.k
@capture
def f(s, x):
    y = s.apply(x * 2
                + (print("arg") or 0))
    return y + 1
s = Scaler(3)
print(f(s, tensor([1, 2])), f(s, tensor([4, 5])))
