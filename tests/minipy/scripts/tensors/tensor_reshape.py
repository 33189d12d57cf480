# reshape with explicit sizes and one -1; element count mismatch errors.
a = arange(6)
print(a.reshape(2, 3))
print(a.reshape(3, 2))
print(a.reshape(-1, 2), a.reshape(3, -1).shape, a.reshape(-1).shape)
print(a.reshape(1, 6).shape, a.reshape(6, 1).shape, a.reshape(2, 1, 3).shape)
print(a.reshape(2, 3).reshape(6))
print(tensor([7]).reshape(), tensor([7]).reshape().shape, tensor(7).reshape(1, 1))
b = tensor([[1, 2], [3, 4]])
c = b.reshape(4)
print(b, c, c.dtype)
print(zeros(0).reshape(0, 3).shape)
for shape in [(4,), (4, 2), (-1, 4), (5, -1)]:
    try:
        if len(shape) == 1:
            a.reshape(shape[0])
        else:
            a.reshape(shape[0], shape[1])
    except ValueError as e:
        print("ValueError:", e)
try:
    tensor([[1, 2, 3], [4, 5, 6]]).reshape(4)
except ValueError as e:
    print("ValueError:", e)
