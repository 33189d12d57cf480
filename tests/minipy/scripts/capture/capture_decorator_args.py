# @capture(...) with keyword arguments also returns the function unchanged.
# explain: graphs=4 graph_breaks=0 ops=10 recompiles=1 frames_captured=6
# explain-frame: mlp graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=6
# explain-frame: norm graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=3
# explain-frame: scale graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=1
# explain-frame: ident graphs=0 unsupported=0 cache_entries=1 recompiles=0
# explain-frame: f graphs=0 unsupported=0 cache_entries=1 recompiles=0
@capture(backend="verify", fullgraph=True)
def mlp(x, w1, w2):
    h = relu(x @ w1)
    return h @ w2
@capture(backend="eager")
def norm(v):
    return (v * v).sum().sqrt()
@capture(fullgraph=False)
def scale(v, k):
    return v * k
@capture()
def ident(v):
    return v
w1 = tensor([[1.0, -1.0], [0.5, 2.0]])
w2 = tensor([[1.0], [1.0]])
print(mlp(tensor([1.0, 2.0]), w1, w2))
print(mlp(tensor([[1.0, 2.0], [-1.0, 0.0]]), w1, w2))
print(norm(tensor([3.0, 4.0])), scale(tensor([1, 2]), 3), ident("unchanged"))
deco = capture(backend="verify")
def f(a):
    return a - 1
g = deco(f)
print(g is f, g(10))
