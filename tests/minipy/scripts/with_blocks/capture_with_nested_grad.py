# Three nested grad-mode blocks in one graph. The setters in trace order: False
# (enter no_grad), add, True (enter enable_grad), mul, False (enter no_grad), sub,
# True (exit: back to enable_grad's), False (exit: back to no_grad's), True (exit).
# The two exits with nothing between them cancel and are removed, so the graph has
# 7 ops: set, add, set, mul, set, sub, set. Each is_grad_enabled() is folded.
# explain: graphs=1 graph_breaks=0 ops=7 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=7
@capture
def f(x):
    with no_grad():
        a = x + 1
        with enable_grad():
            b = a * 2
            g1 = is_grad_enabled()
            with no_grad():
                c = b - 1
                g2 = is_grad_enabled()
            g3 = is_grad_enabled()
        g4 = is_grad_enabled()
    return c, g1, g2, g3, g4, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x), is_grad_enabled())
