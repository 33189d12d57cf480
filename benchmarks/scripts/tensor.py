# Tensor-heavy minipy benchmark: many small tensor operations in a training loop.
# Under CPython it needs tests/minipy/prelude.py (run it with tests/minipy/run_cpython.py).
xs = tensor([[1.0, 0.0, 0.5], [1.0, 1.0, -0.5], [1.0, 2.0, 0.25], [1.0, 3.0, 1.0], [1.0, 4.0, -1.0]])
ys = tensor([1.0, 3.0, 5.0, 7.0, 9.0])
w = zeros(3)
lr = 0.02
for epoch in range(300):
    pred = xs @ w
    err = pred - ys
    loss = (err * err).mean()
    grad = xs.t() @ err * (2.0 / len(ys))
    w = w - grad * lr
print("loss", loss.item())

def mlp(x, w1, b1, w2, b2):
    h = relu(x @ w1 + b1)
    return (h @ w2 + b2).sigmoid()

w1 = tensor([[0.5, -0.25, 1.0, 0.1], [1.5, 0.75, -0.5, 0.2], [0.3, 0.3, 0.3, -0.3]])
b1 = tensor([0.1, 0.0, -0.1, 0.05])
w2 = tensor([[1.0], [-1.0], [0.5], [0.25]])
b2 = tensor([0.05])
total = 0.0
for i in range(300):
    out = mlp(xs * (i / 300.0), w1, b1, w2, b2)
    total = total + out.sum().item()
print("mlp", total)

acc = zeros(4, 4)
for i in range(200):
    m = ones(4, 4) * (i + 1)
    acc = acc + m.t() @ m / 100.0
    acc = acc / acc.max()
print("acc", acc.sum().item())
