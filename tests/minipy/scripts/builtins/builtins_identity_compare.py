# `==` and `!=` of objects whose class has no `__eq__` or `__ne__`, and of classes,
# compare identity, as in Python: with None or another constant never equal, with
# another object equal when it is the same one (guarded), and `in` of a list of
# objects the same way. The class's lack of `__eq__` and `__ne__` is guarded. The first
# call passes one object twice (a == b, a in [b, 7]: four ops), the second two (two
# ops), which the third reuses.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2
# explain-frame: same graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 ops=6
# explain-guard: same: L['a'].__class__.__eq__ is absent
# explain-guard: same: G['Plain'].__ne__ is absent
# explain-guard: same: L['a'] is not L['b']
# explain-recompile: same: L['b'] is L['a'], but it is not
class Plain:
    def __init__(self, v):
        self.v = v


class Other:
    pass


@capture
def same(x, a, b):
    y = x
    if a == b:
        y = y + 1
    if a != None:
        y = y * 2
    if Plain == None or Plain == Other or not (Plain != Plain):
        y = y + 100
    n = Plain(3)
    if n == a or n in [a, b]:
        y = y + 1000
    if a in [b, 7]:
        y = y * 3
    return y


t = tensor([1.0, 2.0])
p = Plain(1)
q = Plain(2)
print(same(t, p, p))
print(same(t, p, q))
print(same(t, q, p))
