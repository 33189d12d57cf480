# A tour of minipy: tensors, closures, classes, with-blocks and exceptions.
# Run it with `minipy run examples/minipy/demo.py`; read its bytecode with
# `minipy dis examples/minipy/demo.py`.


def make_scaler(factor):
    calls = 0

    def scale(t):
        nonlocal calls
        calls += 1
        return t * factor

    def count():
        return calls

    return scale, count


class Linear:
    def __init__(self, weight, bias):
        self.weight = weight
        self.bias = bias

    def forward(self, x):
        return x @ self.weight + self.bias


class Timer:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("enter", self.name)
        return self

    def __exit__(self, kind, value, traceback):
        print("exit", self.name, "with error" if kind is not None else "cleanly")
        return False


@capture
def mlp(x, layer):
    return relu(layer.forward(x)).sum()


scale, count = make_scaler(0.5)
w = tensor([[1.0, -2.0], [3.0, 4.0]])
b = tensor([0.5, -0.5])
layer = Linear(w, b)
x = scale(tensor([[1.0, 2.0], [3.0, 4.0]]))
print("x =", x)
print("calls:", count())

with Timer("forward"):
    y = mlp(x, layer)
print("mlp(x) =", y, "shape", y.shape, y.dtype)



# This one is captured whole: one graph, guarded on the input's dtype and shape. The
# second call hits the cache; the third has a new shape and recompiles.
@capture
def normalize(t, scale):
    centered = t - t.mean()
    return relu(centered) * scale, t.shape


for t in [x, x * 2, tensor([1.0, 5.0, 3.0])]:
    out, shape = normalize(t, 2)
    print("normalize:", out, shape)

with no_grad():
    print("grad enabled inside no_grad:", is_grad_enabled())
print("grad enabled after:", is_grad_enabled())

try:
    with Timer("bad matmul"):
        tensor([1.0, 2.0, 3.0]) @ w
except ValueError as e:
    print("caught:", e)
finally:
    print("done")

squares = [i * i for i in range(6) if i % 2 == 0]
print(squares, sum(squares), {"even": squares})
