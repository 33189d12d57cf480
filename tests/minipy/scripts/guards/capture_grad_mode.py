# Grad mode is global state, but step never reads it and minipy has no autograd (no
# operation depends on it): its one translation (mul, sub: 2 ops) is not guarded on
# grad mode and serves the 6 calls in either mode (5 cache hits).
# (global_state/grad_read_recompiles.py: a function that reads it recompiles.)
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: step graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=2 calls=6 cache_hits=5
@capture
def step(w, g):
    return w - g * 0.1
w = tensor([1.0, 2.0])
g = tensor([0.5, -0.5])
print(step(w, g), is_grad_enabled())
with no_grad():
    print(step(w, g), is_grad_enabled())
w = step(w, g)
print(w)
set_grad_enabled(False)
print(step(w, g), is_grad_enabled())
set_grad_enabled(True)
with no_grad():
    with enable_grad():
        print(step(w, g), is_grad_enabled())
    print(step(w * 2.0, g), is_grad_enabled())
print(is_grad_enabled())
