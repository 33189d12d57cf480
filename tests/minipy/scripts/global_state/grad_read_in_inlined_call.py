# The read of grad mode is in an inlined helper: it guards the caller's translation
# all the same. Calls in grad mode on, off, on: the second recompiles, the third hits
# the first entry. One op (mul by 2.0 or by 3.0) per graph.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-recompile: f: grad mode is enabled, but it is disabled
def scale():
    return 2.0 if is_grad_enabled() else 3.0


@capture
def f(x):
    return x * scale()


x = tensor([1.0, 2.0])
print(f(x))
with no_grad():
    print(f(x))
print(f(x))
