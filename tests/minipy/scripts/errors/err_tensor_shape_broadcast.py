# Uncaught broadcast failure.
a = ones(2, 3)
b = tensor([1.0, 2.0, 3.0, 4.0])
print(a + tensor([1.0, 2.0, 3.0]))
print(a * tensor([[2.0], [3.0]]))
def combine(x, y):
    print("combining", x.shape, y.shape)
    return x * y
print(combine(a, tensor(0.5)))
c = combine(a, b)
print("never", c)
