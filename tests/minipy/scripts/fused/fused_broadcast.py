# Broadcasts inside fused chains: a row against a matrix, a column against a row, a 0-d
# tensor and numbers as operands, and a chain whose first results have a smaller shape
# than the rest (two groups: the row's, then the matrix's).
# rows: add mul sub exp = 4. outer: mul add mul add add truediv = 6.
# scalar0d: mul add relu = 3. smaller: mul add (on the row), add mul neg (the matrix) = 5.
# explain: graphs=4 graph_breaks=0 ops=18 recompiles=0 frames_captured=4
@capture(backend="fused")
def rows(m, r):
    return ((m + r) * 0.5 - r).exp()

@capture(backend="fused")
def outer(c, r):
    return (c * r + 1) / (r + 0.0 * c + 3)

@capture(backend="fused")
def scalar0d(x, s):
    return (x * s + s).relu()

@capture(backend="fused")
def smaller(m, r):
    t = r * 2 + 1
    return -((m + t) * t)

m = tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
r = tensor([0.5, -1.0, 2.0])
c = tensor([[1], [2], [3]])
for k in range(2):
    print(rows(m, r))
    print(outer(c, r))
    print(scalar0d(m, tensor(-1.5)))
    print(smaller(m, tensor([1, 2, 3])))
