# `==` and `!=` of objects whose class defines `__eq__` inline it, as Python calls it:
# looked up on the type (a subclass uses its base's), reflected when the left operand
# is a constant (`3 == p` asks `p.__eq__(3)`), and `!=` as `not __eq__` when the class
# has no `__ne__` (guarded absent); a class's own `__ne__` answers `!=`. The
# attributes the methods read are guarded like any read.
#
# Call 1: p == q (+1), not p != q, not 3 == p, o != 1 is 2 > 1 (*3), 2 == o is
# 2 == 2 (+10): three ops. Call 2: q.x changed, a recompile; p != q (*2) alone: one
# op. Call 3: p of class Point3 (a subclass), another recompile: three ops as call 1.
# explain: graphs=3 graph_breaks=0 ops=7 recompiles=2 frames_captured=3
# explain-frame: compare graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=7 calls=3 cache_hits=0 graph_ops=3,1,3
# explain-guard: compare: L['p'].__class__.__eq__ is present
# explain-guard: compare: L['p'].__class__.__ne__ is absent
# explain-guard: compare: L['o'].__class__.__ne__ is present
# explain-guard: compare: L['q'].x == 1
class Point:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        return isinstance(other, Point) and self.x == other.x


class Point3(Point):
    pass


class Odd:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other

    def __ne__(self, other):
        return self.v > other


@capture
def compare(t, p, q, o):
    y = t
    if p == q:
        y = y + 1
    if p != q:
        y = y * 2
    if 3 == p:
        y = y - 100
    if o != 1:
        y = y * 3
    if 2 == o:
        y = y + 10
    return y


t = tensor([1.0, 2.0])
print(compare(t, Point(1), Point(1), Odd(2)))
print(compare(t, Point(1), Point(2), Odd(0)))
print(compare(t, Point3(4), Point3(4), Odd(2)))
print(Point(1) == Point(1), Point(1) != Point(1), Point(1) == 1, [Point(2)] == [Point(2)])
