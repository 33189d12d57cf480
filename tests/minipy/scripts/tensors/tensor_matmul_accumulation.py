# matmul accumulates acc = acc + a*b sequentially in k order from 0.0.
a = tensor([[0.1, 0.2, 0.3]])
b = tensor([[1.0], [1.0], [1.0]])
print(a @ b)
v = tensor([1e16, 1.0, -1e16, 1.0])
w = tensor([1.0, 1.0, 1.0, 1.0])
print(v @ w, w @ v)
x = tensor([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1])
print(x @ ones(10))
m = tensor([[1e-16, 1.0], [1.0, 1e-16]])
print(m @ tensor([1.0, 1.0]))
print(tensor([3, 4]) @ tensor([0.5, 0.25]))
r = tensor([[1, 2], [3, 4]]) @ tensor([[0.1, 0.2], [0.3, 0.4]])
print(r)
acc = 0.0
for i in range(3):
    acc = acc + [0.1, 0.2, 0.3][i] * 1.0
print(acc, (a @ b).item() == acc)
print(tensor([-0.0]) @ tensor([1.0]))
