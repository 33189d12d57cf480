# A small MLP forward pass in a captured function, called in a loop.
# explain: graphs=8 graph_breaks=4 ops=24 recompiles=10 frames_captured=8
# explain-frame: layer graphs=8 unsupported=0 cache_entries=8 recompiles=7 ops=24
# explain-frame: forward graphs=0 unsupported=4 cache_entries=4 recompiles=3
# explain-reason: forward@17:
@capture
def layer(x, w, b):
    return relu(x @ w + b)
@capture
def forward(x, params):
    h = x
    for i in range(len(params)):
        w, b = params[i]
        if i == len(params) - 1:
            h = h @ w + b
        else:
            h = layer(h, w, b)
    return h.sigmoid()
params = [
    (tensor([[0.5, -0.25, 1.0], [1.5, 0.75, -0.5]]), tensor([0.1, 0.0, -0.1])),
    (tensor([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.5]]), tensor([0.0, 0.2])),
    (tensor([[2.0], [-1.0]]), tensor([0.05])),
]
xs = [tensor([1.0, 2.0]), tensor([[0.0, 0.0], [1.0, -1.0]]), tensor([[3.0, 1.0]])]
for x in xs:
    y = forward(x, params)
    print(y.shape, y)
batch = tensor([[0.1 * i, 0.2 * i] for i in range(4)])
out = forward(batch, params)
print(out.sum(), out.max(), out.mean())
