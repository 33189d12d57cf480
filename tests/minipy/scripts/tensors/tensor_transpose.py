# t(): transpose for 2-D, copy for 0-d and 1-D, error for more dims.
m = tensor([[1, 2, 3], [4, 5, 6]])
print(m.t(), m.t().shape, m.t().t())
print(tensor([[1.5]]).t(), zeros(1, 3).t().shape)
v = tensor([1, 2, 3])
vt = v.t()
print(vt, vt.shape, vt is v)
s = tensor(5)
print(s.t(), s.t().shape, s.t() is s)
print(m.t() @ m)
print((m @ m.t()).t())
try:
    zeros(2, 2, 2).t()
except ValueError as e:
    print("ValueError:", e)
try:
    ones(1, 1, 1, 1).t()
except ValueError as e:
    print("ValueError:", e)
