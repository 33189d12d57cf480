# A class without __init__: Plain() makes an empty object, attributes are stored on it
# in the trace (offset 1, then 2, folded), the class attribute scale is read through
# the class, and apply inlines: x * 3 + 2, 2 ops. Plain(x) takes no arguments: a break
# at the call, where the interpreter raises the TypeError.
# explain: graphs=1 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1
# explain-frame: bad graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-reason: bad@21: no __init__
class Plain:
    scale = 3
    def apply(self, x):
        return x * self.scale + self.offset
@capture
def f(x):
    p = Plain()
    p.offset = 1
    p.offset = p.offset + 1
    return p.apply(x), p.scale
@capture
def bad(x):
    return Plain(x)
print(f(ones(2)))
try:
    bad(ones(2))
except TypeError as e:
    print("TypeError", e)
