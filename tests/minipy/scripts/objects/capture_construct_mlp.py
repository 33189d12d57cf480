# An MLP constructed inside the captured function from a list of parameters: MLP's
# __init__ makes three Linear objects (a tuple attribute), forward loops over them.
# Three layers of matmul, add, relu and a sum: one graph of 10 ops per input shape.
# explain: graphs=2 graph_breaks=0 ops=20 recompiles=1 frames_captured=2
# explain-frame: run graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=20 graph_ops=10,10 calls=2 cache_hits=0
class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b
    def forward(self, x):
        return (x @ self.w + self.b).relu()
class MLP:
    def __init__(self, params):
        self.layers = (Linear(params[0], params[1]), Linear(params[2], params[3]), Linear(params[4], params[5]))
    def forward(self, x):
        for layer in self.layers:
            x = layer.forward(x)
        return x
@capture
def run(x, params):
    return MLP(params).forward(x).sum()
params = [ones(2, 3), zeros(3), tensor([[1.0], [-1.0], [0.5]]), tensor([0.25]), ones(1, 2) * 2, ones(2)]
print(run(ones(4, 2), params))
print(run(tensor([[1.0, -2.0]]), params))
