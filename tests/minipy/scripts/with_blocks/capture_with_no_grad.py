# A `with no_grad():` block in captured code is part of the graph: entering it is a
# node set_grad_enabled(False), leaving it set_grad_enabled(True), and
# is_grad_enabled() is folded to the traced state (False inside, True after). Under
# grad mode True the graph is set, mul, sub, set, mul (5 ops). Called under an
# outer no_grad() the grad-mode guard fails (one recompile): both setters then set
# what is already set and are removed, leaving mul, sub, mul (3 ops).
# explain: graphs=2 graph_breaks=0 ops=8 recompiles=1 frames_captured=2
# explain-frame: step graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=5,3
@capture
def step(w, g):
    with no_grad():
        w2 = w - g * 0.1
        inside = is_grad_enabled()
    return w2 * 1.0, inside, is_grad_enabled()


w = tensor([1.0, 2.0])
g = tensor([0.5, -0.5])
print(step(w, g))
print(step(w, g), is_grad_enabled())
with no_grad():
    print(step(w, g), is_grad_enabled())
print(is_grad_enabled())
