# set_grad_enabled inside a with block changes the state only until the block's exit,
# so it is no break. f: the block's enter and the set cancel, and the exit sets what
# is set: mul alone (1 op). h: enable_grad() sets what is set (removed), then set
# False, mul, and the exit sets True again (3 ops).
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=0 cache_entries=1 calls=1 cache_hits=0 graph_ops=1
# explain-frame: h graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
@capture
def f(x):
    with no_grad():
        set_grad_enabled(True)
        y = x * 2
        g = is_grad_enabled()
    return y, g, is_grad_enabled()


@capture
def h(x):
    with enable_grad():
        set_grad_enabled(False)
        y = x * 2
        g = is_grad_enabled()
    return y, g, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x), is_grad_enabled())
print(h(x), is_grad_enabled())
print(h(x), is_grad_enabled())
