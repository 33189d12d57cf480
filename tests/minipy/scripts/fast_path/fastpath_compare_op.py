# COMPARE_OP: the int/int and float/float fast paths (also fused with the conditional
# jump after them, forward in if and backward in while) and the general path back to
# back (str, mixed int and float, lists, None, chained comparisons), each followed by
# calls.


def show(tag, x):
    print(tag, len(str(x)), x)


a = 3
b = 4
if a < b:
    show("int < int jump", abs(a - b))
if "a" < "b":
    show("str < str jump", max("a", "b"))
if a > b:
    show("not taken", a)
elif 2.5 >= 2.5:
    show("float >= float jump", min(2.5, a))
if a == 3.0:
    show("int == float jump", str(a == 3.0))
show("no jump", [a < b, a == b, 1.5 != 2.5, a <= 3.5, "x" > "y"])
show("lists and None", [[1, 2] < [1, 3], None == None, a != None, (1, 2) == (1, 2)])
show("chained", [1 < a < b, 1 < a > b, 1.0 < 2.0 <= 2.0, "a" < "b" < "c"])
try:
    show("int < str", a < "x")
except TypeError as e:
    show("int < str", str(e))
show("after the error", sorted([b, a]))


def count_down(n, step):
    out = []
    while n > 0:
        out.append(len(str(n)))
        n = n - step
    while n < 0.5:
        n = n + 0.25
        out.append(abs(n))
    while "a" * len(out) < "aaaaaaaa":
        out.append(max(0, len(out)))
    return out, n


show("while loops", count_down(5, 2))
show("while floats", count_down(2.0, 0.75))
i = 0
while i < 3:
    if i != 1:
        show("module while", abs(-i))
    i += 1
