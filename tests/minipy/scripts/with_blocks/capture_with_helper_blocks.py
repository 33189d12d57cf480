# An inlined helper's enable_grad() block inside the caller's no_grad() block, left by
# a return: the caller's enter and the helper's enter cancel, so the graph is mul (in
# grad mode True), set False (the helper's exit), add, set True (the caller's exit).
# explain: graphs=1 graph_breaks=0 ops=4 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=4
def helper(v):
    with enable_grad():
        return v * 2, is_grad_enabled()


@capture
def f(x):
    with no_grad():
        y, g = helper(x)
        z = y + 1
    return z, g, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
