# A small MLP forward pass in a captured function, called in a loop. The call of layer
# (a captured function, run by the interpreter) is a graph break; the loop goes on in
# resume functions that get the range iterator as an opaque object (for_iter breaks);
# they are guarded on the tensors they read, so each input shape translates them anew.
# explain: graphs=16 graph_breaks=20 ops=36 recompiles=27 frames_captured=32
# explain-frame: layer graphs=8 unsupported=0 cache_entries=8 recompiles=7 ops=24 calls=8 cache_hits=0
# explain-frame: forward graphs=0 unsupported=0 breaks=4 cache_entries=4 recompiles=3 calls=4 cache_hits=0
# explain-frame: resume_in_forward_at_26 graphs=0 unsupported=0 breaks=8 cache_entries=8 recompiles=7 calls=8 cache_hits=0
# explain-frame: resume_in_forward_at_21 graphs=4 unsupported=0 breaks=8 cache_entries=8 recompiles=7 ops=8 graph_ops=2,2,2,2 calls=8 cache_hits=0
# explain-frame: resume_in_forward_at_27 graphs=4 unsupported=0 breaks=0 cache_entries=4 recompiles=3 ops=4 graph_ops=1,1,1,1 calls=4 cache_hits=0
# explain-reason: forward@26:
# explain-reason: resume_in_forward_at_26@21: for_iter
# explain-reason: resume_in_forward_at_21@26:
# explain-reason: resume_in_forward_at_21@21: for_iter
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
