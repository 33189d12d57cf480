# A with block in an inlined method: set, mul, set, add (4 ops), one graph.
# explain: graphs=1 graph_breaks=0 ops=4 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=4
class Layer:
    def __init__(self, w):
        self.w = w

    def forward(self, x):
        with no_grad():
            y = x * self.w
        return y + 1


@capture
def f(layer, x):
    return layer.forward(x), is_grad_enabled()


layer = Layer(tensor([2.0, 3.0]))
x = tensor([1.0, 2.0])
print(f(layer, x))
print(f(layer, x))
