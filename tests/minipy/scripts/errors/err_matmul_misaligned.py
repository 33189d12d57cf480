# Uncaught matmul shape mismatch.
a = tensor([[1, 2, 3], [4, 5, 6]])
b = tensor([[1, 2], [3, 4], [5, 6]])
print(a @ b)
print(b @ a)
print(a @ tensor([1, 1, 1]))
def chain(ms):
    r = ms[0]
    for m in ms[1:]:
        r = r @ m
        print("shape", r.shape)
    return r
print(chain([a, b, a]))
print(chain([a, a]))
