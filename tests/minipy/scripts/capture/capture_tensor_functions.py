# Tensor functions and constructors as graph ops, including a graph without inputs.
# explain: graphs=3 graph_breaks=0 ops=32 recompiles=1 frames_captured=3
# explain-frame: funcs graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=30 outputs=3,3
# explain-frame: make graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=2 inputs=0 outputs=1
@capture
def funcs(a, b):
    z = zeros(2, 3)
    o = ones(3)
    f = full((2, 3), 2)
    r = arange(3)
    h = relu(a) + exp(b * 0.5) + tanh(a) + sigmoid(b)
    m = matmul(h, o)
    return z + f, r * o, m
@capture
def make():
    return ones(2) * 3
a = tensor([[1.0, -1.0, 0.5], [2.0, 0.0, -3.0]])
b = tensor([[0.0, 1.0, 2.0], [-1.0, -2.0, 0.25]])
print(funcs(a, b))
print(funcs(tensor([[1, -1, 0], [2, 0, -3]]), b))
print(make(), make())
print(make() is make())
