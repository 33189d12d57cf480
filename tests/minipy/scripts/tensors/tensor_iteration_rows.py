# Iterating over a tensor yields its rows.
m = tensor([[1, 2], [3, 4], [5, 6]])
for row in m:
    print(row, row.shape, row.sum())
v = tensor([1.5, 2.5])
for x in v:
    print(x, x.shape, x.item())
rows = [r for r in m]
print(len(rows), rows[2])
sums = [r.sum().item() for r in m]
print(sums)
c = arange(8).reshape(2, 2, 2)
for block in c:
    for row in block:
        print(row.tolist(), end=" ")
print()
for i, row in enumerate(m):
    print(i, row[0].item() * row[1].item())
print(list(tensor([7, 8])))
for r in zeros(0, 2):
    print("never")
print("done")
