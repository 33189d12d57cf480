# Objects made by a helper (make returns a Scale) and passed to another helper: the
# object travels between inlined frames and never leaves the trace. 2*x + x*2 and
# 3*x + x*3 (3 ops each) and their sum: one graph of 7 ops.
# explain: graphs=1 graph_breaks=0 ops=7 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=7 calls=2 cache_hits=1
class Scale:
    def __init__(self, k):
        self.k = k
    def __call__(self, x):
        return x * self.k
def make(k):
    return Scale(k)
def apply_twice(s, x):
    return s.k * x + x * s.k
@capture
def f(x):
    s = make(2.0)
    return apply_twice(s, x) + apply_twice(make(3), x)
print(f(ones(2)))
print(f(tensor([1.0, -1.0])))
