# Results that escape a fused chain: intermediates returned with the final result,
# read by an operation the fused backend runs eagerly (reshape shares its data, matmul),
# and a result only a later chain reads, whose buffer the next call reuses (the results
# of earlier calls are kept and stay as they were).
# both: mul add sub = 3. viewed: add mul reshape mul add = 5 (two groups around the
# reshape). product: mul add matmul relu = 4. kept: add mul add mul = 4.
# explain: graphs=4 graph_breaks=0 ops=16 recompiles=0 frames_captured=4
@capture(backend="fused")
def both(x):
    a = x * 2
    b = a + 1
    return a, b - a

@capture(backend="fused")
def viewed(x):
    v = ((x + 1) * 2).reshape(2, 2)
    return v, v * v + 1

@capture(backend="fused")
def product(x, w):
    h = x * 0.5 + 1
    return (h @ w).relu()

@capture(backend="fused")
def kept(x, y, m):
    t = (x + y) * 2
    return (m + t) * t

x = tensor([1.0, 2.0, 3.0, 4.0])
print(both(x))
print(both(x))
print(viewed(x))
print(viewed(tensor([0.5, 0.25, -1.0, 8.0])))
print(product(tensor([[1.0, 2.0], [3.0, 4.0]]), tensor([[1.0, -1.0], [0.5, 2.0]])))
m = tensor([[1.0, 0.0, -1.0, 2.0], [0.5, 0.5, 0.5, 0.5]])
first = kept(x, tensor([1.0, 1.0, 1.0, 1.0]), m)
second = kept(x, tensor([2.0, 2.0, 2.0, 2.0]), m)
third = kept(x, tensor([3.0, 3.0, 3.0, 3.0]), m)
print(first, second, third)
