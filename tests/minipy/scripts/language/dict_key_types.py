# dict keys of type None, bool, int, float, str and tuple.
d = {}
d[None] = "none"
d[True] = "true"
d[7] = "seven"
d[2.5] = "two and a half"
d["s"] = "string"
d[(1, "a")] = "tuple"
print(d)
print(d[None], d[True], d[7], d[2.5], d["s"], d[(1, "a")])
print(None in d, 2.5 in d, (1, "a") in d, (1, "b") in d)
print(list(d.keys()))
grid = {}
for r in range(2):
    for c in range(3):
        grid[(r, c)] = r * 10 + c
print(grid)
print(grid[(1, 2)])
