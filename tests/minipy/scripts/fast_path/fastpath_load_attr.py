# LOAD_ATTR: the instance-dict fast path and the general lookup back to back (class
# attributes, inherited ones, methods taken as values, attributes of builtin objects,
# exceptions and missing attributes), each followed by calls.


def show(tag, x):
    print(tag, len(str(x)), x)


class Base:
    kind = "base"

    def name(self):
        return "Base" + str(self.size)


class Point(Base):
    dims = 2

    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.size = x + y


p = Point(3, 4)
show("instance then class", [p.x, p.dims, p.y, p.kind])
m = p.name
show("instance then method value", [p.size, m()])
xs = [p.y]
add = xs.append
add(p.x)
show("instance then method of a list", [p.x, xs, len(xs)])
p.dims = 3
show("instance attribute shadows the class one", [p.dims, Point.dims, abs(-p.dims)])
del p.dims
show("class attribute again", [p.dims, str(p.size)])
try:
    show("missing", p.z)
except AttributeError as e:
    show("missing", str(e))
show("after the error", [p.x, max(p.x, p.y)])
try:
    raise ValueError("bad", 7)
except ValueError as e:
    show("exception args", [p.y, e.args, len(e.args)])


def total(points):
    s = 0
    for q in points:
        s = s + q.x + q.dims + len(q.kind) + len(q.name())
        q.x = q.x + 1
    return s, abs(-s)


show("function", total([p, Point(1, 1), p]))
show("after the function", [p.x, p.name(), Base.kind])
