# An enable_grad() block called under no_grad() (set True, mul, set False: 3 ops) and
# in grad mode True (one recompile; the setters set what is set: mul, 1 op); grad mode
# turned off with set_grad_enabled outside hits the first entry again.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=3,1
@capture
def f(x):
    with enable_grad():
        y = x * 2
        g = is_grad_enabled()
    return y, g, is_grad_enabled()


x = tensor([1.0, 2.0])
with no_grad():
    print(f(x))
    print(f(x))
print(f(x))
set_grad_enabled(False)
print(f(x))
set_grad_enabled(True)
