# A helper function called from captured code is inlined: its operations join the
# caller's graph and nothing breaks. scale_add is called twice (x * 2.0 + y, then that
# result * 2.0 + x): 4 ops, then relu. The second call of f (same shapes) hits.
# explain: graphs=1 graph_breaks=0 ops=5 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=5 inputs=2 outputs=1 calls=2 cache_hits=1
def scale_add(a, b):
    return a * 2.0 + b
@capture
def f(x, y):
    z = scale_add(x, y)
    return scale_add(z, x).relu()
x = tensor([1.0, -2.0, 3.0])
y = tensor([0.5, 0.25, -4.0])
print(f(x, y))
print(f(y, x))
