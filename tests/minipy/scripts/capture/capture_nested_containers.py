# A list of (weight, bias) tuples drives an unrolled MLP; a different number of layers
# changes the list length guard and recompiles.
# explain: graphs=3 graph_breaks=0 ops=21 recompiles=2 frames_captured=3
# explain-frame: mlp graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=21
@capture
def mlp(x, params):
    h = x
    for i in range(len(params)):
        w, b = params[i]
        h = h @ w + b
        if i < len(params) - 1:
            h = relu(h)
    return h
params = [
    (tensor([[0.5, -0.25, 1.0], [1.5, 0.75, -0.5]]), tensor([0.1, 0.0, -0.1])),
    (tensor([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.5]]), tensor([0.0, 0.2])),
    (tensor([[2.0], [-1.0]]), tensor([0.05])),
]
print(mlp(tensor([1.0, 2.0]), params))
print(mlp(tensor([[1.0, 2.0], [-1.0, 0.5], [0.0, 0.0]]), params))
print(mlp(tensor([-2.0, 1.0]), params))
print(mlp(tensor([1.0, 2.0, 3.0]), params[1:]))
