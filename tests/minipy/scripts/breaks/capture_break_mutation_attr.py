# Attribute stores on an object from the frame are side effects: recorded during
# tracing and replayed by the generated code (store_attr) after the graph, with no
# graph break; a read after the store sees the stored value. An attribute read is
# guarded by value: count_calls reads c.n before the store, so every call translates
# again. remember stores the graph's result y = x * 2 on self (the very object it
# returns: c.last is y); its second call hits.
# explain: graphs=4 graph_breaks=0 ops=4 recompiles=2 frames_captured=4
# explain-frame: count_calls graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=3 cache_hits=0
# explain-frame: remember graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
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
