# allclose with default and explicit tolerance, broadcasting, scalars.
a = tensor([1.0, 2.0, 3.0])
print(allclose(a, a), allclose(a, a + 1e-10), allclose(a, a + 1e-8))
print(allclose(a, a + 1e-8, tol=1e-7), allclose(a, a + 0.5, tol=0.5), allclose(a, a + 0.5, tol=0.49))
print(allclose(tensor([1, 2]), tensor([1.0, 2.0])))
print(allclose(tensor([[1.0, 1.0], [1.0, 1.0]]), tensor([1.0, 1.0])))
print(allclose(ones(2, 3), tensor(1.0)), allclose(ones(2, 3), zeros(1, 3)))
print(allclose(tensor([0.1 + 0.2]), tensor([0.3])))
print(allclose(tensor([float("nan")]), tensor([float("nan")])))
print(allclose(tensor([float("inf")]), tensor([1e308]), tol=1e300))
x = tensor([[1.0, 2.0], [3.0, 4.0]])
y = x.t().t()
print(allclose(x, y), allclose(x @ ones(2), tensor([3.0, 7.0])))
try:
    allclose(zeros(2), zeros(3))
except ValueError as e:
    print("ValueError:", e)
