# Tuples: displays, indexing, slicing, unpacking, comparison.
t = (1, 2, 3)
e = ()
s = (42,)
print(t, e, s, len(t), len(e), len(s))
print(t[0], t[-1], t[1:], t[:2], t[:])
print(t + (4, 5), t + e)
print(1 in t, 5 in t, 5 not in t)
a, b, c = t
print(a, b, c)
x, y = "xy"
print(x, y)
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 9), (1, 2) == (1, 2))
nested = ((1, 2), (3, 4))
print(nested, nested[1][0])
print(tuple([1, 2]), tuple("ab"), tuple([]), tuple(range(3)))
print(("a", 1.5, None, True))
p = 3, 4
print(p)
d = {(0, 0): "origin", (1, 2): "point"}
print(d[(1, 2)], d[0, 0])
total = 0
for v in t:
    total += v
print(total, sum(t), min(t), max(t))
