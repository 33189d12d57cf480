# List comprehensions with several for clauses and if filters.
print([x * 2 for x in range(5)])
print([x for x in range(20) if x % 3 == 0])
print([x for x in range(20) if x % 2 == 0 if x % 3 == 0])
print([(i, j) for i in range(3) for j in range(i)])
print([c.upper() for c in "abc"])
print([[i * j for j in range(4)] for i in range(3)])
matrix = [[1, 2, 3], [4, 5, 6]]
print([v for row in matrix for v in row])
print([[row[i] for row in matrix] for i in range(3)])
words = ["apple", "kiwi", "banana", "fig"]
print([w for w in words if len(w) > 3])
print([len(w) for w in words])
d = {"a": 1, "b": 2}
print([k + str(v) for k, v in d.items()])
x = "outer"
print([x for x in range(3)], x)
n = 3
print([i + n for i in range(n)])
print([i for i in []])
print([a * b for a in [1, 2] for b in [10, 100] if a * b != 20])
