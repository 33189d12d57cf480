# Matrix operations on nested lists compared against tensors.
def matmul_lists(a, b):
    n = len(a)
    m = len(b[0])
    k = len(b)
    out = []
    for i in range(n):
        row = []
        for j in range(m):
            acc = 0
            for p in range(k):
                acc = acc + a[i][p] * b[p][j]
            row.append(acc)
        out.append(row)
    return out
def transpose(a):
    return [[a[i][j] for i in range(len(a))] for j in range(len(a[0]))]
def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]
a = [[1, 2], [3, 4], [5, 6]]
b = [[7, 8, 9], [10, 11, 12]]
c = matmul_lists(a, b)
print(c)
print(transpose(a))
print((tensor(a) @ tensor(b)).tolist() == c)
print(matmul_lists(identity(2), [[5, 6], [7, 8]]))
p = identity(2)
fibm = [[1, 1], [1, 0]]
for i in range(10):
    p = matmul_lists(p, fibm)
print(p, p[0][1])
print((tensor(a).t()).tolist() == transpose(a))
