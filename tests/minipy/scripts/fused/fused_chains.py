# Elementwise chains on the fused backend: every op of a chain in one loop, with float,
# int and mixed dtypes, Python numbers on either side (an int, a float, True) and the
# unary functions and methods. Each chain is one graph; ops count the graph's nodes.
# chain4: mul add relu sub = 4. chain8: add mul sub neg abs mul tanh add = 8.
# ints: mul add sub mul neg abs relu add = 8. mixed: add mul truediv exp sigmoid sqrt float sub = 8.
# Each function runs twice with the same shapes (cache hits), ints a third time with a
# new shape (a recompile: 2 graphs).
# explain: graphs=5 graph_breaks=0 ops=36 recompiles=1 frames_captured=5
# explain-frame: ints graphs=2 recompiles=1 ops=16
@capture(backend="fused")
def chain4(x):
    return (x * 2.5 + 1).relu() - 0.5

@capture(backend="fused")
def chain8(x, y):
    a = -((x + y) * 3 - y)
    return (a.abs() * 0.25).tanh() + x

@capture(backend="fused")
def ints(x, y):
    a = x * 3 + True
    b = (y - a) * 7
    return (-b).abs().relu() + 2

@capture(backend="fused")
def mixed(x, y):
    a = (x + 1) * y / 4
    b = a.exp().sigmoid()
    return b.sqrt() - x.float()

x = tensor([[1.5, -2.0, 3.25], [0.0, -0.1, 7.0]])
y = tensor([[2.0, 2.0, -1.0], [1e-3, 5.0, -6.5]])
i = tensor([1, -2, 3, 40])
j = tensor([7, 8, -9, 0])
for k in range(2):
    print(chain4(x))
    print(chain8(x, y))
    print(ints(i, j))
    print(mixed(i, tensor([0.5, -1.0, 2.0, 0.25])))
r = ints(tensor([[1, 2], [3, 4]]), tensor([[5, 6], [7, 8]]))
print(r, r.dtype, r.shape)
