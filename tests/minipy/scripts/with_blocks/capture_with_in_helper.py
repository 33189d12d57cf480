# A with block inside an inlined helper is part of the caller's graph: set, mul, set,
# add (4 ops), one graph, no break.
# explain: graphs=1 graph_breaks=0 ops=4 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=4
def scaled(x):
    with no_grad():
        return x * 2


@capture
def f(x):
    y = scaled(x)
    return y + 1, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x), is_grad_enabled())
