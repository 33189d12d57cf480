# A bound method passed as a value (an argument, a global) is called as its function
# on its object: both read through the method (`__func__`, `__self__`) and guarded, so
# the calls inline scale and fold self.k. The first call traces x + 1, (x + 1) * 2.0
# and x * 2.0 (3 ops); the second hits. A method of another object (k 3.0) fails the
# guard on k and recompiles; so does a store of 5.0 into two.k (neither entry's k).
# explain: graphs=3 graph_breaks=0 ops=9 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 breaks=0 cache_entries=3 recompiles=2 calls=4 cache_hits=1 graph_ops=3,3,3
# explain-guard: f: G['op'].__self__ is L['method'].__self__
class Scaler:
    def __init__(self, k):
        self.k = k
    def scale(self, v):
        return v * self.k
two = Scaler(2.0)
three = Scaler(3.0)
op = two.scale
@capture
def f(x, method):
    return method(x + 1), op(x)
x = tensor([1.0, 2.0])
print(f(x, two.scale))
print(f(x, two.scale))
print(f(x, three.scale))
two.k = 5.0
print(f(x, two.scale))
