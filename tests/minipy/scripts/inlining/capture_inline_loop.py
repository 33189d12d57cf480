# A helper called in a loop over a range: the loop is unrolled and each call inlined,
# matmul and tanh per layer, 3 layers: 6 ops; inputs x and the three weights.
# explain: graphs=1 graph_breaks=0 ops=6 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=6 inputs=4 outputs=1 calls=2 cache_hits=1
def step(h, w):
    return (h @ w).tanh()
@capture
def f(x, ws):
    h = x
    for i in range(len(ws)):
        h = step(h, ws[i])
    return h
ws = [tensor([[0.5, -0.5], [0.25, 1.0]]), tensor([[1.0, 0.0], [0.0, 1.0]]), tensor([[0.1, 0.2], [0.3, 0.4]])]
print(f(tensor([[1.0, 0.5]]), ws))
print(f(tensor([[0.0, 1.0]]), ws))
