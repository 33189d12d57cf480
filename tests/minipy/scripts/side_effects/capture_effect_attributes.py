# Attribute stores on objects from the frame, in the frame and in an inlined method,
# are side effects replayed after the graph (store_attr), with no graph break; reads
# after a store see the stored value (self.total, self.count). measure reads m.count,
# guarded by value, so its second call translates again; tag reads nothing it
# stores from the frame, so its second call hits although the object changed.
# explain: graphs=3 graph_breaks=0 ops=10 recompiles=1 frames_captured=3
# explain-frame: measure graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=8 calls=2 cache_hits=0
# explain-frame: tag graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
class Meter:
    def __init__(self):
        self.total = zeros(2)
        self.count = 0
    def add(self, v):
        self.total = self.total + v
        self.count = self.count + 1
        return self.count
class Plain:
    pass
@capture
def measure(m, x):
    n = m.add(x)
    m.add(x * 2)
    m.last = x
    return m.total * n
@capture
def tag(obj, x):
    obj.name = "tagged"
    obj.value = x + 1
    return obj.value * 2, obj.name
m = Meter()
print(measure(m, tensor([1.0, 2.0])), m.total, m.count, m.last)
print(measure(m, tensor([1.0, 1.0])), m.total, m.count)
p = Plain()
print(tag(p, tensor([3.0])), p.name, p.value)
print(tag(p, tensor([4.0])), p.value)
