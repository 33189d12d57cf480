# FOR_ITER and GET_ITER: the range and list fast paths and the general path back to back
# (tuple, str, dict, enumerate, zip, a list that grows or shrinks while it is iterated,
# break and return out of loops), each followed by calls. enumerate and zip give
# iterators already, which GET_ITER passes through.


def show(tag, x):
    print(tag, len(str(x)), x)


for i in range(3):
    show("range", abs(-i))
for x in ["a", "b"]:
    show("list", len(x * 2))
for x in ("c", 1):
    show("tuple", str(x))
for ch in "de":
    show("str", max(ch, "d"))
for k in {"k": 1, "j": 2}:
    show("dict", len(k))
for i, x in enumerate([5, 6]):
    show("enumerate", abs(i - x))
for x, y in zip(range(2), "xy"):
    show("zip", str(x) + y)
for i in range(10, 0, -4):
    show("range step", abs(i))
for i in range(0):
    show("empty range", i)
grow = [1]
for x in grow:
    if len(grow) < 4:
        grow.append(x + 1)
    show("growing list", sum(grow))
shrink = [1, 2, 3, 4]
for x in shrink:
    shrink.pop()
    show("shrinking list", len(shrink))


def first_over(xs, limit):
    for x in xs:
        for y in range(x):
            if y > limit:
                return x, len(str(y))
        if x > limit:
            break
    return max(xs), min(xs)


show("break and return", [first_over([1, 5, 9], 3), first_over(range(4), 7)])
show("tuple and range", [first_over((8, 2), 5), first_over(range(2, 6), 2)])
