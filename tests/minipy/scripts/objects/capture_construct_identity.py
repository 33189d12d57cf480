# Identity with objects made in the trace: two constructions are two objects, an
# alias is the same, an attribute is the very value stored, a made object is no frame
# value, and a.v is other.v compares two frame tensors under a guard (the second call
# passes o.v itself: recompile). Every answer is a constant: no graph.
# explain: graphs=0 graph_breaks=0 ops=0 recompiles=1 frames_captured=2
# explain-frame: f graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0
class Box:
    def __init__(self, v):
        self.v = v
@capture
def f(x, other):
    a = Box(x)
    b = Box(x)
    c = a
    return a is b, a is c, a.v is x, b.v is x, a is other, a.v is other.v, (x + 1) is a.v
o = Box(ones(2))
print(f(ones(2), o))
print(f(o.v, o))
