# A closure passed in is compared by its cell, not only by its code. With h, whose
# cell is g's own n, the entry is guarded L['fn'].__closure__[0] is cell(L['n']): fn()
# reads the 5 g stored (x * 5). h2 has the same code but the cell of another call of
# outer: the guard fails and g recompiles, now guarded `is not` and on h2's cell
# contents (0): x * 0. Both entries then hit. g never reads n before storing it, so n
# itself is not guarded.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: g graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=5 cache_hits=3
def outer():
    n = 0
    def h():
        return n
    @capture
    def g(x, fn):
        nonlocal n
        n = 5
        return x * fn()
    return g, h
g, h = outer()
g2, h2 = outer()
x = tensor([1.0, 2.0])
print(g(x, h))
print(g(x, h))
print(g(x, h2), h2())
print(g(x, h2))
print(g(x, h), h())
