# An MLP of layer objects: the loop over the list of layers is unrolled and each
# layer's forward method inlined (matmul, add, relu), with the layers' weights read
# from the objects as graph inputs: 3 layers, 9 ops, x and 6 tensors in.
# explain: graphs=1 graph_breaks=0 ops=9 recompiles=0 frames_captured=1
# explain-frame: mlp graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=9 inputs=7 outputs=1 calls=2 cache_hits=1
class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b
    def forward(self, x):
        return relu(x @ self.w + self.b)
@capture
def mlp(x, layers):
    h = x
    for layer in layers:
        h = layer.forward(h)
    return h
layers = [Linear(tensor([[1.0, -1.0], [0.5, 2.0]]), tensor([0.1, 0.2])),
          Linear(tensor([[2.0, 0.0], [1.0, 1.0]]), tensor([-0.5, 0.0])),
          Linear(tensor([[1.0], [-1.0]]), tensor([0.25]))]
print(mlp(tensor([[1.0, 2.0]]), layers))
print(mlp(tensor([[0.5, -1.0]]), layers))
