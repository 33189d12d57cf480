# A raise that the function's own handler catches is traced through the handler. n = 1:
# mul, add, add (3 ops). n = 2 recompiles (n becomes dynamic; the branch guards n > 1):
# the ValueError is made in the trace, raised into the handler: mul, sub, add (3 ops).
# n = 3 hits that entry, n = 1 the first.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=6 calls=4 cache_hits=2
@capture
def f(x, n):
    y = x * 2
    try:
        if n > 1:
            raise ValueError("big")
        y = y + 1
    except ValueError:
        y = y - 100
    return y + 1
x = tensor([1.0, 2.0])
print(f(x, 1))
print(f(x, 2))
print(f(x, 3))
print(f(x, 1))
