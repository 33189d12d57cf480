# Linear regression by gradient descent with tensors.
xs = tensor([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0]])
ys = tensor([1.0, 3.0, 5.0, 7.0, 9.0])
w = zeros(2)
lr = 0.05
for epoch in range(200):
    pred = xs @ w
    err = pred - ys
    loss = (err * err).mean()
    grad = xs.t() @ err * (2.0 / len(ys))
    w = w - grad * lr
    if epoch % 50 == 0:
        print(epoch, loss.item())
print("weights", w)
print(allclose(w, tensor([1.0, 2.0]), tol=0.01))
pred = xs @ w
print("max abs error", (pred - ys).abs().max().item() < 0.02)
with no_grad():
    test = tensor([[1.0, 10.0]]) @ w
print(test.shape, allclose(test, tensor([21.0]), tol=0.1))
