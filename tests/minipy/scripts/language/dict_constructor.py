# dict() constructor: empty, copy of a dict, list of pairs, keyword arguments.
a = dict()
print(a, len(a))
b = dict([("x", 1), ("y", 2)])
print(b)
c = dict(b)
c["z"] = 3
print(b, c)
d = dict(alpha=1, beta=2)
print(d)
e = dict([(1, "one"), (2, "two"), (1, "uno")])
print(e)
pairs = []
for i in range(4):
    pairs.append((i, i * i))
f = dict(pairs)
print(f, f[3])
g = dict(zip(["a", "b"], [10, 20]))
print(g)
