# Grad mode is a global guard: flipping it between calls recompiles once per mode,
# after which both entries hit.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: step graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=4
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
