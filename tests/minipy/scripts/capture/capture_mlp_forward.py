# A small MLP forward pass in a captured function, called in a loop. The call of layer
# (a captured function too) is inlined, and the loop over the range is unrolled: each
# call of forward is one graph of 9 ops (two layers of matmul, add, relu; the last
# matmul and add; sigmoid). layer's own frame is never entered. Each of the 4 input
# shapes translates forward anew (x is guarded): 4 graphs, 3 recompiles, no break.
#
#
#
#
#
#
#
# explain: graphs=4 graph_breaks=0 ops=36 recompiles=3 frames_captured=4
# explain-frame: forward graphs=4 unsupported=0 breaks=0 cache_entries=4 recompiles=3 ops=36 graph_ops=9,9,9,9 outputs=1,1,1,1 calls=4 cache_hits=0
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
