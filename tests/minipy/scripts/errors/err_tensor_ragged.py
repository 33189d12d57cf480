# Uncaught ragged tensor construction.
rows = [[1, 2], [3, 4]]
print(tensor(rows))
try:
    tensor([1, "x"])
except TypeError as e:
    print("caught", e)
rows.append([5, 6])
print(tensor(rows).shape)
rows.append([7])
print(tensor(rows))
