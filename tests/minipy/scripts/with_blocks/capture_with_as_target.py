# `with no_grad() as g`: __enter__ returns None, stored in g. One graph: set, mul, set.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
@capture
def f(x):
    with no_grad() as g:
        y = x * 2
    return y, g, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
