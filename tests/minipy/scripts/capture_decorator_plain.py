# @capture without arguments returns the function unchanged.
@capture
def affine(x, w, b):
    return x @ w + b
@capture
def square(n):
    return n * n
w = tensor([[1.0, 2.0], [3.0, 4.0]])
b = tensor([0.5, -0.5])
x = tensor([1.0, 1.0])
print(affine(x, w, b))
print(affine(tensor([[1.0, 0.0], [0.0, 1.0]]), w, b))
print(square(7), square(1.5), square(tensor([1, 2])))
print(affine(x, w, b=tensor(1.0)))
def plain(n):
    return n + 1
wrapped = capture(plain)
print(wrapped is plain, wrapped(41))
@capture
def with_default(x, scale=2):
    return x * scale
print(with_default(tensor([1, 2])), with_default(tensor([1, 2]), 3), with_default(3, scale=4))
