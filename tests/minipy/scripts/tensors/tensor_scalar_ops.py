# Operators with Python numbers on either side.
t = tensor([1, 2, 3])
f = tensor([0.5, -1.0])
print(t + 1, 1 + t, t - 1, 1 - t, t * 3, 3 * t, t / 2, 2 / t)
print(t + 0.5, 0.5 + t, t * 0.1, 0.1 * t)
print(f + 1, 1 - f, f * 2, 2 * f, f / 4, 1 / f)
print(t + True, False + t, t * False)
print(-t, -f, -(-t))
x = tensor(3)
print(x + 1, 10 - x, x * x, x / 2)
y = t
y = y * 2 + 1
print(y, t)
acc = zeros(2)
for i in range(3):
    acc = acc + i
print(acc)
acc = 1.0 + acc * 0.5
print(acc)
print(0.1 + tensor([0.2]), tensor([0.1]) + tensor([0.2]))
print(tensor([1e16]) + 1.0, tensor([2]) * 1000000000)
