# enumerate (optional start) and zip of two or more iterables.
for i, ch in enumerate("abc"):
    print(i, ch)
for i, v in enumerate([10, 20], 1):
    print(i, v)
print(list(enumerate(["x", "y"])), list(enumerate((5, 6), 100)))
print(list(zip([1, 2, 3], "abc")))
print(list(zip([1, 2, 3], [4, 5])))
print(list(zip(range(3), "xy", [True, False, None])))
print(list(zip([], [1])))
names = ["ann", "bob"]
ages = [31, 27]
for n, a in zip(names, ages):
    print(n, a)
print(dict(zip(names, ages)))
total = 0
for x, y in zip([1, 2, 3], [4, 5, 6]):
    total += x * y
print(total)
for idx, pair in enumerate(zip("ab", "cd")):
    print(idx, pair)
