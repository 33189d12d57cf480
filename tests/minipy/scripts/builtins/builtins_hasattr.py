# hasattr asks the object's family: an attribute of its own or of its class, a method
# of its class, or none. The answer is guarded, not the attribute's value: a new value
# keeps the cache entry, an attribute that appears or goes away recompiles.
# explain: graphs=2 graph_breaks=0 ops=9 recompiles=1 frames_captured=2
# explain-frame: probe graphs=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2
# explain-guard: probe: L['s'].n is present
# explain-guard: probe: L['s'].color is absent
# explain-recompile: probe: L['s'].color is absent, but got str 'red'
class Shape:
    kind = 'box'

    def __init__(self, n):
        self.n = n

    def area(self):
        return self.n * self.n


@capture
def probe(x, s):
    y = x
    if hasattr(s, 'n'):
        y = y + 1
    if hasattr(s, 'kind'):
        y = y * 2
    if hasattr(s, 'area'):
        y = y - 1
    if hasattr(s, 'color'):
        y = y + 100
    if hasattr(Shape, 'area') and not hasattr(Shape, 'n'):
        y = y * 3
    return y


t = tensor([1.0, 2.0])
s = Shape(2)
print(probe(t, s))
print(probe(t, Shape(3)))
s.color = 'red'
print(probe(t, s))
s.color = 'blue'
print(probe(t, s))
