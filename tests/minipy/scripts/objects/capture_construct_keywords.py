# Constructor arguments by keyword and by default: Affine(w), Affine(w, b=1.0),
# Affine(b=x, w=2.0, scale=0.5); each forward is (x * w + b) * scale, 3 ops, and two
# adds: one graph of 11 ops.
# explain: graphs=1 graph_breaks=0 ops=11 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=11 calls=2 cache_hits=1
class Affine:
    def __init__(self, w, b=0.0, scale=1.0):
        self.w = w
        self.b = b
        self.scale = scale
    def forward(self, x):
        return (x * self.w + self.b) * self.scale
@capture
def f(x, w):
    a = Affine(w)
    b = Affine(w, b=1.0)
    c = Affine(b=x, w=2.0, scale=0.5)
    return a.forward(x) + b.forward(x) + c.forward(x)
print(f(ones(2), tensor([1.0, 3.0])))
print(f(tensor([2.0, 0.0]), tensor([1.0, 3.0])))
