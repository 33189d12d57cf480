# A layer object constructed inside captured code: Linear(w, b) makes an object that
# exists only in the trace (__init__ inlined, its attributes kept in the tracker), and
# layer.forward(x) is inlined on it. One graph (matmul, add, relu) per shape; the
# object is never built.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=6 graph_ops=3,3 calls=3 cache_hits=1
class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b
    def forward(self, x):
        return x @ self.w + self.b
@capture
def f(x, w, b):
    layer = Linear(w, b)
    return layer.forward(x).relu()
w = tensor([[1.0, -1.0], [2.0, 0.5]])
b = tensor([0.5, -3.0])
print(f(ones(1, 2), w, b))
print(f(tensor([[2.0, -1.0]]), w, b))
print(f(ones(3, 2), w * 2, b))
