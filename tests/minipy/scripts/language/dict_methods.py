# dict methods: get keys values items pop.
d = {"one": 1, "two": 2, "three": 3}
print(d.get("one"), d.get("four"), d.get("four", 4), d.get("two", 0))
print(list(d.keys()), list(d.values()), list(d.items()))
for k, v in d.items():
    print(k, "->", v)
total = 0
for v in d.values():
    total += v
print(total)
print(d.pop("two"), d)
print(d.pop("missing", "default"), d)
keys = []
for k in d.keys():
    keys.append(k.upper())
print(keys)
print(sorted(d.values()), sorted(d.keys()))
inv = {}
for k, v in d.items():
    inv[v] = k
print(inv)
print(len(d.items()), "one" in d.keys())
