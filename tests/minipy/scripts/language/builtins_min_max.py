# min and max of several arguments or one iterable.
print(min(3, 1, 2), max(3, 1, 2), min(2.5, 1), max(-1, -1.5))
print(min([4, 2, 8]), max([4, 2, 8]), min((9, 7)), max("hello"))
print(min("b", "a", "c"), max(["x", "yy", "z"]))
print(max(range(5)), min(range(3, 10)))
print(max([1, 3, 3.0]), max([3.0, 1, 3]))
print(min([[1, 2], [1, 1], [0, 9]]), max([(1, "b"), (1, "a")]))
d = {"b": 2, "a": 1, "c": 3}
print(max(d), min(d), max(d.values()))
print(max(True, 0), min(False, 1))
vals = [5, -3, 12, 0]
best = vals[0]
for v in vals:
    best = max(best, v)
print(best, max(vals) == best)
print(max(1, 2, 3, 4, 5, 6), min(0.5, 0.25, 0.125))
