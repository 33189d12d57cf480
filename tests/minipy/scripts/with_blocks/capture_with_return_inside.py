# A return from inside a with block: the compiler calls __exit__ before returning,
# so the trace leaves the block (a setter node) before the return. f: set, mul, set
# (3 ops). g unrolls its loop: for i = 0 the block multiplies, for i = 1 it returns
# from inside the block: set, mul, set, set, add, set (6 ops; the exit and entry
# between the iterations are separated by nothing, but they set True then False, a
# change and its undo, so they are removed: 4 ops). g(x, 0) is a new constant n (one
# recompile) whose trace has no operation and no graph.
# explain: graphs=2 graph_breaks=0 ops=7 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: g graphs=1 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=4
@capture
def f(x):
    with no_grad():
        return x * 5, is_grad_enabled()


@capture
def g(x, n):
    for i in range(n):
        with no_grad():
            if i == 1:
                return x + i, is_grad_enabled()
            x = x * 2
    return x, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x), is_grad_enabled())
print(f(x), is_grad_enabled())
print(g(x, 3), is_grad_enabled())
print(g(x, 0), is_grad_enabled())
