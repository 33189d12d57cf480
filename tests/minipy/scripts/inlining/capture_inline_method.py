# A method of a user class called from captured code is inlined like a function, with
# the object as its first argument: v * self.k (k read from the object and guarded),
# then + 1.0: 2 ops.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 inputs=1 calls=2 cache_hits=1
class Scale:
    def __init__(self, k):
        self.k = k
    def apply(self, v):
        return v * self.k
@capture
def f(x, s):
    return s.apply(x) + 1.0
s = Scale(2.0)
print(f(tensor([1.0, 2.0]), s))
print(f(tensor([3.0, 4.0]), s))
