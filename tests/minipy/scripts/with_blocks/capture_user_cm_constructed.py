# A context manager made in the trace with an argument (`Scale(3.0)`): the object
# lives in its tracker, __init__, __enter__ and __exit__ are inlined on it, and
# `as s` binds what __enter__ returns (the object), whose factor is folded into the
# multiplication. Nothing escapes, so the frame is one graph of 2 ops.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: g graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
class Scale:
    def __init__(self, factor):
        self.factor = factor
        self.open = False
    def __enter__(self):
        self.open = True
        return self
    def __exit__(self, a, b, c):
        self.open = False
        return None
@capture
def g(x):
    with Scale(3.0) as s:
        y = x * s.factor
        opened = s.open
    return y - 1, opened, s.open
x = tensor([1.0, 2.0])
print(g(x))
print(g(tensor([4.0, 5.0])))
