# An object made in captured code that is returned (alone, or inside a list) is built
# by the generated code: a bare instance of its class, then its attribute from the
# graph's output. No graph break. wrap: x + 1 and y * 2 in one graph, later calls are
# cache hits that each build a new object; pair: x * 3, with the Box holding the argument
# itself (a frame value, reloaded, so it is the same tensor object).
# explain: graphs=2 graph_breaks=0 ops=3 recompiles=0 frames_captured=2
# explain-frame: wrap graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=3 cache_hits=2
# explain-frame: pair graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
class Box:
    def __init__(self, v):
        self.v = v
    def twice(self):
        return self.v * 2
@capture
def wrap(x):
    y = x + 1
    box = Box(y * 2)
    return box
@capture
def pair(x):
    return [Box(x), x * 3]
b = wrap(ones(2))
print(b.v)
print(wrap(tensor([1.0, 2.0])).v)
p = pair(ones(2))
print(p[0].v, p[1])
c = wrap(ones(2))
print(c is b, c.v, c.twice())
x = ones(2)
q = pair(x)
print(q[0].v is x, isinstance(q[0], Box))
