# dict: displays, lookup, insertion order, update, membership, iteration.
d = {"a": 1, "b": 2}
print(d, len(d), d["a"])
d["c"] = 3
d["a"] = 10
print(d)
print("a" in d, "z" in d, "z" not in d, 1 in d)
for k in d:
    print(k, d[k])
e = {}
e[3] = "three"
e[1] = "one"
e[2] = "two"
print(e, list(e))
counts = {}
for ch in "mississippi":
    if ch in counts:
        counts[ch] += 1
    else:
        counts[ch] = 1
print(counts)
print({"x": [1, 2], "y": {"z": None}})
print({} == {}, {"a": 1} == {"a": 1}, {"a": 1, "b": 2} == {"b": 2, "a": 1})
del d["b"]
print(d)
d["b"] = 20
print(d)
