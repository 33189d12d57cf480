# A context manager made outside the trace and passed in: a no_grad() object is
# known by its class (guarded on its type), so a new no_grad() object on every call
# hits the cache, and an enable_grad() object recompiles once. Under no_grad: set,
# mul, set (3 ops); under enable_grad, in grad mode True, both setters set what is
# set and are removed (mul, 1 op).
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,1
@capture
def f(x, cm):
    with cm:
        y = x * 2
        g = is_grad_enabled()
    return y, g


x = tensor([1.0])
print(f(x, no_grad()))
print(f(x, no_grad()))
print(f(x, enable_grad()), is_grad_enabled())
