# Attribute stores in a captured frame: the frame runs eagerly so the object changes;
# the attribute read before the store is guarded by value, so each call translates.
# explain: graphs=0 graph_breaks=4 ops=0 recompiles=2 frames_captured=0
# explain-frame: count_calls graphs=0 unsupported=3 cache_entries=3 recompiles=2
# explain-frame: remember graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: count_calls@19:
# explain-reason: remember@15:
class Counter:
    def __init__(self):
        self.n = 0
        self.last = None
    @capture
    def remember(self, x):
        y = x * 2
        self.last = y
        return y
@capture
def count_calls(c, x):
    c.n = c.n + 1
    return x * c.n
c = Counter()
x = tensor([1.0, 2.0])
print(count_calls(c, x), c.n)
print(count_calls(c, x), c.n)
print(count_calls(c, x), c.n)
y = c.remember(x)
print(y, c.last is y)
y = c.remember(x + 1.0)
print(y, c.last is y)
