# getattr with a constant name is the attribute read it names: the same guards, so a
# changed attribute recompiles; with a default, an absent attribute is guarded absent
# and gives the default, until the attribute appears.
# explain: graphs=3 graph_breaks=0 ops=9 recompiles=2 frames_captured=3
# explain-frame: read graphs=3 cache_entries=3 recompiles=2 calls=4 cache_hits=1
# explain-guard: read: L['b'].missing is absent
# explain-recompile: read: L['b'].w == 3, but got int 4
# explain-recompile: read: L['b'].missing is absent, but got int 1
class Box:
    scale = 2

    def __init__(self, w):
        self.w = w


@capture
def read(x, b):
    return x * getattr(b, 'w') + getattr(b, 'missing', 10) + getattr(Box, 'scale')


b = Box(3)
print(read(tensor([1.0, 2.0]), b))
print(read(tensor([1.0, 2.0]), b))
b.w = 4
print(read(tensor([1.0, 2.0]), b))
b.missing = 1
print(read(tensor([1.0, 2.0]), b))
