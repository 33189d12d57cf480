# Iteration over an object (a for loop, unpacking, `list(o)`) inlines its class's
# `__iter__` (a subclass uses its base's), which returns an iterator the trace
# follows: here `iter` of a list. An object made in the trace holding tensors
# answers the same way; `len` on the subclass inlines its own `__len__`.
#
# total: + 1 and + 2 in the loop, a, c = 1, 2 gives * -1, and sum(list(b)) is the
# constant 3, added: four ops. rows: x + 1 and x * 2 for the items, three + in the
# loop: five ops (len(s) is the constant 3).
# explain: graphs=2 graph_breaks=0 ops=9 recompiles=0 frames_captured=2
# explain-frame: total graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 calls=1 cache_hits=0
# explain-frame: rows graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=5 calls=1 cache_hits=0
# explain-guard: total: L['b'].__class__.__iter__ is present
class Bag:
    def __init__(self, items):
        self.items = items

    def __iter__(self):
        return iter(self.items)


class Seq(Bag):
    def __len__(self):
        return len(self.items)


@capture
def total(t, b):
    y = t
    for v in b:
        y = y + v
    a, c = b
    y = y * (a - c)
    return y + sum(list(b))


@capture
def rows(x):
    s = Seq([x, x + 1, x * 2])
    out = x
    for r in s:
        out = out + r
    return out, len(s)


t = tensor([1.0, 2.0])
print(total(t, Bag([1, 2])))
print(rows(t))
