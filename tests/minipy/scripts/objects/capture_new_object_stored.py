# An object made in the trace and stored into values from the frame (an attribute of
# an argument, an item of a dict argument) and returned is one object, built once by
# the generated code before the replayed stores; its attribute has its final value
# (changed after the stores). attach: x * 2 and the + 1, 2 ops; the second call, with
# another Holder and another empty dict, hits the cache.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: attach graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
class Leaf:
    def __init__(self, t):
        self.t = t
class Holder:
    def __init__(self):
        self.child = None
@capture
def attach(x, h, d):
    leaf = Leaf(x * 2)
    h.child = leaf
    d["leaf"] = leaf
    leaf.t = leaf.t + 1
    return leaf
h = Holder()
d = {}
r = attach(ones(2), h, d)
print(r is h.child, d["leaf"] is r, r.t, h.child.t)
h2 = Holder()
d2 = {}
r2 = attach(tensor([1.0, 2.0]), h2, d2)
print(r2 is h2.child, d2["leaf"] is r2, r2.t, r is r2, h.child is r)
