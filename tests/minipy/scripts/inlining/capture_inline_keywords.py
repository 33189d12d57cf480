# Keyword arguments are bound to parameters by name, in any order, after the
# positional ones. p = x * 2.0 - 1.0 + y (3 ops), q = y * 2.0 - p + x (3 ops), p + q.
# explain: graphs=1 graph_breaks=0 ops=7 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=7 inputs=2 outputs=1 calls=2 cache_hits=1
def mix(a, b, c):
    return a * 2.0 - b + c
@capture
def f(x, y):
    p = mix(x, c=y, b=1.0)
    q = mix(c=x, a=y, b=p)
    return p + q
x = tensor([1.0, 2.0, 3.0])
y = tensor([-1.0, 0.0, 4.0])
print(f(x, y))
print(f(y, x))
