# numpy-style broadcasting between tensors of different shapes.
a = tensor([[1, 2, 3], [4, 5, 6]])
row = tensor([10, 20, 30])
col = tensor([[100], [200]])
print(a + row)
print(a + col)
print(row + col)
print(col - row)
print(a * tensor(2))
print(tensor(2) * a)
print(tensor([[1], [2], [3]]) * tensor([1, 10]))
x = ones(2, 1, 3)
y = tensor([[1.0], [2.0]])
z = x + y
print(z.shape, z)
print((tensor([5]) + a).shape, (a + tensor([[7]])).shape)
print(zeros(1, 3) + zeros(4, 1))
print((zeros(3, 1, 2) * ones(4, 1)).shape)
print(a / tensor([1, 2, 4]))
print(tensor([1, 2]) - tensor([[1], [2], [3]]))
try:
    print(a + tensor([1, 2]))
except ValueError as e:
    print("ValueError:", e)
try:
    print(zeros(2, 3) * zeros(3, 2))
except ValueError as e:
    print("ValueError:", e)
try:
    print(tensor([1, 2, 3, 4]) - zeros(2, 3))
except ValueError as e:
    print("ValueError:", e)
