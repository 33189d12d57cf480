# BINARY_SUBSCR: the list[int] fast path and the general path back to back (dict, str,
# tuple, slices, out-of-range and bool indexes), each load followed by calls.


def show(tag, x):
    print(tag, len(str(x)), x)


l = [10, 20, 30]
d = {0: "zero", "k": "kay"}
t = (1, 2, 3)
s = "abc"
show("list then dict", abs(-l[0]) + len(d[0]))
show("dict then list", len(d["k"]) + l[-1])
show("list then tuple", l[1] + t[1])
show("list then str", str(l[2]) + s[0])
show("list then slice", l[0:2] + [l[-1]])
show("bool index then int", l[True] + l[1])
try:
    show("out of range", l[3])
except IndexError as e:
    show("out of range", str(e))
show("after the error", max(l[0], l[-3]))
try:
    show("negative out of range", l[-4])
except IndexError as e:
    show("negative out of range", str(e))
try:
    show("missing key", d[1])
except KeyError as e:
    show("missing key", repr(e))
show("after the errors", sorted([l[2], l[0], l[1]]))
grid = [[1, 2], [3, 4]]
show("nested", grid[1][0] + grid[-1][-1] + len(grid[0][0:1]))


def in_function(xs, table):
    total = 0
    for i in range(len(xs)):
        total = total + xs[i] + table[xs[i]] + len(str(xs[-1 - i]))
        total = total + len(xs[0:i])
    show("function", total)
    return abs(-total), xs[len(xs) - 1]


print(in_function([1, 2, 3], {1: 10, 2: 20, 3: 30}))
