# @capture(...) with keyword arguments also returns the function unchanged.
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
