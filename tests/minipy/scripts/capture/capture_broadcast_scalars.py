# Python numbers on either side of tensor arithmetic, unary minus and broadcasting
# between shapes (2, 1) and (3,).
# explain: graphs=2 graph_breaks=0 ops=24 recompiles=1 frames_captured=2
# explain-frame: mix graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=24 inputs=2,2
@capture
def mix(x, y):
    a = 2 * x + 1
    b = 1.5 - y / 4
    c = -x * (3 - y)
    d = 10 / (x + 1)
    return a + b + c + d
x = tensor([[1], [2]])
y = tensor([0.5, 1.0, 2.0])
r = mix(x, y)
print(r.shape, r)
print(mix(tensor([[0], [4]]), tensor([1.0, 1.0, 1.0])))
r = mix(tensor([[1.0, 2.0, 3.0]]), tensor([[1, 2, 3], [4, 5, 6]]))
print(r.shape, r)
