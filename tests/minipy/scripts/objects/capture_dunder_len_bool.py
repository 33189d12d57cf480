# `len(o)` inlines the class's `__len__`; the truth of an object (`if o:`, `not o`,
# `bool(o)`) its `__bool__`, else its `__len__` (not zero), else it is true. An
# object made in the trace answers the same way. A `__len__` that prints makes the
# graph break at the `len` call, which the interpreter runs.
#
# sizes, call 1 (s of two items, f true): t * 2, s true (+1), not f false, bool(f)
# (*2), e empty, + len(e): four ops. Call 2 (s empty, f false): len(L['s'].items)
# changed, a recompile: t * 0, s false, not f (-1), bool(f) false but bool(Both())
# true (*2), + 0: four ops. loud: t + 1, the break at len(o), then y * n in the
# resume function: two graphs of one op.
# explain: graphs=4 graph_breaks=1 ops=10 recompiles=1 frames_captured=4
# explain-frame: sizes graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=8 calls=2 cache_hits=0 graph_ops=4,4
# explain-frame: loud graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_loud_at_66 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-reason: loud@66: __len__
# explain-guard: sizes: L['f'].__class__.__bool__ is present
# explain-guard: sizes: L['s'].__class__.__bool__ is absent
class Stack:
    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)


class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on


class Both:
    def __len__(self):
        return 0

    def __bool__(self):
        return True


class Loud:
    def __len__(self):
        print("len asked")
        return 4


@capture
def sizes(t, s, f):
    y = t * len(s)
    if s:
        y = y + 1
    if not f:
        y = y - 1
    if bool(f) or bool(Both()):
        y = y * 2
    e = Stack([])
    if e:
        y = y + 100
    return y + len(e)


@capture
def loud(t, o):
    y = t + 1
    n = len(o)
    return y * n


t = tensor([1.0, 2.0])
print(sizes(t, Stack([1, 2]), Flag(True)))
print(sizes(t, Stack([]), Flag(False)))
print(loud(t, Loud()))
