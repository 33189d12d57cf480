# A method replaced on the class between calls: the trace inlined the first apply, and
# the guard on the class attribute's identity fails once the class holds the second,
# so f translates again and gives the new result.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 graph_ops=2,2 calls=4 cache_hits=2
class Scale:
    def apply(self, v):
        return v * 2.0
def tripled(self, v):
    return v * 3.0
@capture
def f(x, s):
    return s.apply(x) - 1.0
s = Scale()
x = tensor([1.0, 2.0])
print(f(x, s))
print(f(x, s))
Scale.apply = tripled
print(f(x, s))
print(f(x, s))
