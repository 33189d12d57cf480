# Functions with cell variables are inlined: their make_cell makes a cell in the
# trace, which closures they make share. uses_adder calls make_adder, whose add
# closes over k, then add (x + 2.0, 1 op). nested's comprehensions close over the
# frame's xs and the outer one's a (4 adds). counter_step keeps a nonlocal count in a
# cell of its own, written by the inlined bump: x * 1, * 2, + 2, then * 2.0 (4 ops),
# and nothing to replay (the cell is the trace's). returns_adder returns such a
# closure: the generated code makes it again with a new cell holding 3.0 (no graph,
# no break). returns_pair returns two closures over one cell made in the trace, which
# inc changed to 2 there: the generated code makes one cell for both (x * 2, 1 op).
# explain: graphs=4 graph_breaks=0 ops=10 recompiles=0 frames_captured=5
# explain-frame: uses_adder graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: nested graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 outputs=4 calls=2 cache_hits=1
# explain-frame: calls_counter graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 calls=2 cache_hits=1
# explain-frame: returns_adder graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: returns_pair graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
def make_adder(k):
    def add(v):
        return v + k
    return add

def counter_step(x):
    n = 0
    def bump(v):
        nonlocal n
        n += 1
        return v * n
    y = bump(x)
    y = bump(y)
    return y + n

@capture
def uses_adder(x):
    return make_adder(2.0)(x)

@capture
def nested(xs):
    return [[a + b for b in xs] for a in xs]

@capture
def calls_counter(x):
    return counter_step(x) * 2.0

@capture
def returns_adder(x):
    return make_adder(3.0), x

x = tensor([1.0, 2.0])
for i in range(2):
    print(uses_adder(x))
    print(nested([x, x * 2.0]))
    print(calls_counter(x))
    f, _ = returns_adder(x)
    print(f(x))

def make_pair(start):
    def inc():
        nonlocal start
        start = start + 1
        return start
    def get():
        return start
    return inc, get

@capture
def returns_pair(x):
    inc, get = make_pair(1)
    inc()
    return inc, get, x * 2

for i in range(2):
    inc, get, y = returns_pair(x)
    print(get(), inc(), get(), y)
