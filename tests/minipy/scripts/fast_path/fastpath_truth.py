# Conditional jumps, `not`, `and` and `or`: the truth test's fast paths (bool, int,
# None) and the general one (float, str, list, dict, tuple, user instances) back to
# back, each followed by calls.


def show(tag, x):
    print(tag, len(str(x)), x)


class Thing:
    def __repr__(self):
        return "Thing()"


values = [True, 0, None, 1, 0.0, "", "a", [], [0], {}, {1: 2}, (), Thing(), -1, False]
for v in values:
    if v:
        show("true", abs(-len(str(v))))
    else:
        show("false", max(0, len(str(v))))
for v in values:
    show("not", [not v, v and 1, v or 2])
n = 3
while n:
    n = n - 1
    show("while int", str(n))
xs = [1, 2]
while xs:
    xs.pop()
    show("while list", len(xs))


def pick(a, b):
    if a and b:
        return "both", len(str(a))
    if a or b:
        return "one", abs(-len(str(b)))
    if not a:
        return "none", 0
    return "unreachable", 1


show("pick", [pick(1, "x"), pick(0, [1]), pick(None, ""), pick(0.5, 0)])
show("conditional expression", [1 if "" else 2, 3 if [0] else 4, 5 if None else 6])
