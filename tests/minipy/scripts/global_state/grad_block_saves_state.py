# A no_grad() block saves grad mode to put it back at its exit: a read, so the
# translation is guarded. In grad mode: set False, add, set True, mul (4 ops). Under
# no_grad() (a recompile): both setters set what is already set and go, add, mul (2
# ops). The third call (grad mode on) hits the first entry.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=4,2
# explain-recompile: f: grad mode is enabled, but it is disabled
@capture
def f(x):
    with no_grad():
        y = x + 1
    return y * 2, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x), is_grad_enabled())
with no_grad():
    print(f(x), is_grad_enabled())
print(f(x), is_grad_enabled())
