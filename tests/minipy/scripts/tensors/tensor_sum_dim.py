# sum(dim) with positive and negative dims, on 1-D, 2-D and 3-D tensors.
m = tensor([[1, 2, 3], [4, 5, 6]])
print(m.sum(0), m.sum(1), m.sum(-1), m.sum(-2))
print(m.sum(0).shape, m.sum(1).shape)
v = tensor([0.5, 0.25, 0.125])
print(v.sum(0), v.sum(-1), v.sum(0).shape)
c = tensor([[[1, 2], [3, 4]], [[5, 6], [7, 8]], [[9, 10], [11, 12]]])
print(c.shape, c.sum(0), c.sum(1), c.sum(2))
print(c.sum(-3).shape, c.sum(-2).shape, c.sum(-1).shape)
f = tensor([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]])
print(f.sum(0), f.sum(1))
print(f.sum(0).sum(), f.sum())
for d in [2, -3]:
    try:
        m.sum(d)
    except IndexError as e:
        print("IndexError:", e)
try:
    c.sum(3)
except IndexError as e:
    print("IndexError:", e)
try:
    v.sum(1)
except IndexError as e:
    print("IndexError:", e)
