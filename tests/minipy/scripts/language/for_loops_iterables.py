# for loops over range, list, tuple, dict keys and str; break/continue; nesting.
for i in range(3):
    print("range", i)
for x in [10, 20]:
    print("list", x)
for t in ("a", "b"):
    print("tuple", t)
d = {"one": 1, "two": 2, "three": 3}
for k in d:
    print("key", k, d[k])
for ch in "hey":
    print("char", ch)
for i in range(10):
    if i == 2:
        continue
    if i == 5:
        break
    print("i", i)
pairs = []
for a in range(3):
    for b in range(3):
        if a == b:
            continue
        pairs.append((a, b))
print(pairs)
for i, v in enumerate(["x", "y"]):
    print(i, v)
last = None
for last in range(4):
    pass
print("loop var after loop", last)
for row in [[1, 2], [3, 4]]:
    for v in row:
        print(v, end=",")
print()
