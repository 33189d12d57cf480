# `o[i]` inlines the class's `__getitem__` (a slice too: the method gets the slice),
# `x in o` and `x not in o` its `__contains__`. An object made in the trace holding
# tensors answers the same way.
#
# pick, call 1 (values [1, 5, 3]): t + 1, * 3, + 5 and + 3 for r[1:], 5 in r (-1),
# 9 not in r (*2): six ops. Call 2: the same values, a cache hit. Call 3 (values
# [2, 4, 9]): L['r'].values[0] changed, a recompile: t + 2, * 9, + 4, + 9, and
# neither test holds: four ops. swap: x * 2, then p[1] - p[0] and + len(p): three ops.
# explain: graphs=3 graph_breaks=0 ops=13 recompiles=1 frames_captured=3
# explain-frame: pick graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=10 calls=3 cache_hits=1 graph_ops=6,4
# explain-frame: swap graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=1 cache_hits=0
# explain-guard: pick: L['r'].__class__.__getitem__ is present
# explain-guard: pick: L['r'].__class__.__contains__ is present
class Row:
    def __init__(self, values):
        self.values = values

    def __getitem__(self, i):
        return self.values[i]

    def __contains__(self, x):
        return x in self.values


class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __getitem__(self, i):
        if i == 0:
            return self.a
        return self.b

    def __len__(self):
        return 2


@capture
def pick(t, r):
    y = t + r[0]
    y = y * r[-1]
    for v in r[1:]:
        y = y + v
    if 5 in r:
        y = y - 1
    if 9 not in r:
        y = y * 2
    return y


@capture
def swap(x):
    p = Pair(x, x * 2)
    return p[1] - p[0] + len(p)


t = tensor([1.0, 2.0])
print(pick(t, Row([1, 5, 3])))
print(pick(t, Row([1, 5, 3])))
print(pick(t, Row([2, 4, 9])))
print(swap(t))
