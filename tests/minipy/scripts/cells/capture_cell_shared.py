# Cells reached by two paths. g assigns its free variable n and then calls h, a
# closure made outside the trace over the same cell: the cell objects are compared
# (guard: L['fn'].__closure__[0] is cell(L['n'])), h's cell is g's own tracker, and
# its read sees the assigned value (1, then 2), never the stale 0. One graph per call:
# n is guarded by value, so the second call recompiles. reads only reads: fn's cell is
# again the frame's cell m, one graph of 2 ops. shared_by_two makes two closures over
# its cell c in the trace: inc's stores are seen by get (x * 3), and get is returned,
# made again with the frame's cell, and reads 3 after the call.
# explain: graphs=4 graph_breaks=0 ops=5 recompiles=1 frames_captured=4
# explain-frame: g graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: reads graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: shared_by_two graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 outputs=1 calls=2 cache_hits=1
def outer():
    n = 0
    def h():
        return n
    @capture
    def g(x, fn):
        nonlocal n
        n += 1
        return x * fn()
    return g, h

def pair():
    m = 5
    def get():
        return m
    @capture
    def reads(x, fn):
        return x + fn() + m
    return reads, get

@capture
def shared_by_two(x):
    c = 1
    def inc():
        nonlocal c
        c += 1
    def get():
        return c
    inc()
    inc()
    return x * get(), get

x = tensor([1.0, 2.0])
g, h = outer()
print(g(x, h))
print(g(x, h))
reads, get = pair()
print(reads(x, get))
print(reads(x, get))
for i in range(2):
    y, getter = shared_by_two(x)
    print(y, getter())
