# `is`, `is not`, `==` and `!=` with tensors (minipy tensors compare by identity) are
# answered at trace time. A result of a tensor operation is a new object, never an
# argument; two tensors from the frame are compared by identity under a guard
# (`L['x'] is L['y']`), so passing one tensor twice and then two tensors recompiles.
# `in` and sequence equality compare tensor items the same way. No graph breaks.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=4 frames_captured=7
# explain-frame: same graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-frame: pick graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 graph_ops=1,1 calls=3 cache_hits=1
# explain-frame: member graphs=0 unsupported=0 breaks=0 cache_entries=3 recompiles=2 calls=3 cache_hits=0
@capture
def same(x, y):
    a = x + 1
    return x is y, x is not y, x == y, x != y, a is x, a == a, a is a
@capture
def pick(x, y):
    if x is y:
        return x * 2
    return x - y
@capture
def member(x, y, z):
    w = x * 1
    return x in [y, z], w in [x, y], w not in (x, w), [x, y] == [x, y], [x, w] == [x, x], x == 3, 3 != x
t = ones(2)
u = tensor([3.0, 4.0])
print(same(t, t))
print(same(t, u))
print(same(t, t))
print(pick(u, u))
print(pick(u, t))
print(pick(t, t))
print(member(t, u, t))
print(member(t, u, u))
print(member(u, u, t))
