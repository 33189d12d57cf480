# Python arithmetic on constants, len(), .shape and .ndim fold at trace time: only the
# two tensor operations of the return statement are graph ops.
# explain: graphs=3 graph_breaks=0 ops=6 recompiles=2 frames_captured=3
# explain-frame: scaled graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=6
@capture
def scaled(x, n):
    k = n * 2 + 1
    c = (k - 1) / 4.0
    m = len(x.shape) + x.ndim
    d = k // 2 % 3
    if n > 2:
        d = d * 10
    return x * k + c * m * d
print(scaled(tensor([1, 2, 3]), 2))
print(scaled(tensor([4, 5, 6]), 2))
print(scaled(tensor([1, 2, 3]), 3))
print(scaled(tensor([[1.0], [0.5]]), 3))
print(scaled(tensor([[2.0], [1.5]]), 3))
