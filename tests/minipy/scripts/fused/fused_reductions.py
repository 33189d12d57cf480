# Reductions fused with the chains they read: sum(), sum(None), sum(dim) over each
# dimension (negative too), mean(); float and int elements (an int sum stays int64).
# total: mul add sum = 3. by_dim: add mul sum(0) sum(1) = 4 (the second sum reads the
# chain's result after the first closed the group: it runs eagerly). mean_of: sub sub
# mul mean = 4. int_sums: add mul sum sum(-1) = 4. last_dim: abs add sum(2) = 3.
# none_dim: add sum(None) = 2.
# explain: graphs=6 graph_breaks=0 ops=20 recompiles=0 frames_captured=6
@capture(backend="fused")
def total(x):
    return (x * 3 + 0.1).sum()

@capture(backend="fused")
def by_dim(x):
    a = (x + 1) * x
    return a.sum(0), a.sum(1)

@capture(backend="fused")
def mean_of(x, y):
    return ((x - y) * (x - 1.5)).mean()

@capture(backend="fused")
def int_sums(i):
    a = (i + 1) * i
    return a.sum(), a.sum(-1)

@capture(backend="fused")
def last_dim(t):
    return (t.abs() + 1).sum(2)

@capture(backend="fused")
def none_dim(x):
    return (x + 0.25).sum(None)

x = tensor([[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]])
i = tensor([[1, 2, 3], [4, 5, 6]])
t = tensor([[[1.0, -2.0], [3.0, 4.5]], [[-5.0, 6.0], [7.0, 8.25]], [[0.1, 0.2], [0.3, 0.4]]])
for k in range(2):
    print(total(x))
    print(by_dim(x))
    print(mean_of(x, tensor([0.5, 1.0, 1.5])))
    r = int_sums(i)
    print(r, r[0].dtype, r[1].dtype)
    print(last_dim(t))
    print(none_dim(x))
