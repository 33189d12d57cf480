# One no_grad() object, made in the trace and entered twice: set, mul, set, add, set,
# mul, set (7 ops).
# explain: graphs=1 graph_breaks=0 ops=7 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=7
@capture
def f(x):
    cm = no_grad()
    with cm:
        a = x * 2
    b = a + 1
    with cm:
        c = b * 3
    return c, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
