# An instance attribute that shadows a method: the trace relied on s.apply being the
# class's method (a guard says the object has no attribute of that name), so once the
# object gets its own apply (a lambda), f translates again and inlines the lambda.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 graph_ops=2,2 calls=4 cache_hits=2
class Scale:
    def apply(self, v):
        return v * 2.0
@capture
def f(x, s):
    return s.apply(x) + 1.0
s = Scale()
x = tensor([1.0, 2.0])
print(f(x, s))
print(f(x, s))
s.apply = lambda v: v * 10.0
print(f(x, s))
print(f(x, s))
