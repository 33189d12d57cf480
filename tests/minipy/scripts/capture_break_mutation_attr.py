# Attribute stores in a captured frame are graph breaks: the store runs in the
# interpreter, so the object really changes, and the rest of the frame runs in a
# resume function. An attribute read is guarded by value: count_calls reads c.n
# before the store (guarded there) and its resume function reads the new c.n
# (guarded there), so every call translates both again. remember compiles y = x * 2
# before the store; its resume function returns y (no graph), and the second call
# hits both frames.
# explain: graphs=4 graph_breaks=4 ops=4 recompiles=4 frames_captured=8
# explain-frame: count_calls graphs=0 unsupported=0 breaks=3 cache_entries=3 recompiles=2 calls=3 cache_hits=0
# explain-frame: resume_in_count_calls_at_27 graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=3 cache_hits=0
# explain-frame: remember graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_remember_at_23 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: count_calls@26:
# explain-reason: remember@22:
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
