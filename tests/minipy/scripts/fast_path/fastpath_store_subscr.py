# STORE_SUBSCR: the list[int] fast path and the general path back to back (dict keys,
# out-of-range and bool indexes, nested containers), each store followed by calls.


def show(tag, x):
    print(tag, len(str(x)), x)


l = [0, 1, 2]
d = {}
l[0] = 10
d[0] = 20
show("list then dict", abs(-len(l)))
d["k"] = 30
l[-1] = 40
show("dict then list", max(l))
l[True] = 50
l[1] = 60
show("bool index then int", sum(l))
try:
    l[3] = 70
except IndexError as e:
    show("out of range", str(e))
l[2] = 80
show("after the error", sorted(l))
try:
    l[-4] = 90
except IndexError as e:
    show("negative out of range", str(e))
try:
    l["a"] = 1
except TypeError as e:
    show("str index", str(e))
l[-3] = 100
show("after the errors", l)
rows = [[0, 0], {"a": 0}]
rows[0][1] = 1
rows[1]["a"] = 2
rows[-1]["b"] = rows[0][-1]
show("nested", rows)


def in_function(n):
    xs = [0] * n
    seen = {}
    for i in range(n):
        xs[i] = i + 1
        seen[i] = xs[i]
        xs[-1 - i] += seen[i]
        seen[str(i)] = len(str(xs[i]))
    show("function", xs)
    show("function dict", seen)
    return len(xs), abs(-sum(xs))


print(in_function(4))
print(d, l)
