# shape, ndim and dtype attributes.
ts = [tensor(1), tensor([1.0]), tensor([[1, 2]]), zeros(2, 3, 4), arange(0)]
for t in ts:
    print(t.shape, t.ndim, t.dtype, len(t.shape))
s = zeros(3, 5).shape
print(s, s[0], s[1], s == (3, 5), isinstance(s, tuple))
r, c = ones(4, 2).shape
print(r, c)
print(tensor([1]).dtype == "int64", tensor([1.0]).dtype == "float64")
print(hasattr(tensor(1), "shape"), hasattr(tensor(1), "bogus"))
print(getattr(zeros(2), "ndim"), getattr(zeros(2), "bogus", "none"))
t = tensor([[1, 2, 3]])
print(t.reshape(3, 1).shape, t.t().shape, t.sum(1).shape, t.sum().shape)
