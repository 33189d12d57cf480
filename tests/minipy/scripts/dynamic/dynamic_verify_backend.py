# The verify backend runs the candidate and the eager graph side by side, binding the
# symbols from the inputs on each call in both.
# explain: graphs=2 graph_breaks=0 ops=8 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=4,4
@capture(backend="verify")
def f(x):
    n = x.shape[0]
    return zeros(n) + x * n - 1
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0, 3.0])))
print(f(tensor([1.0, 2.0, 3.0, 4.0])))
print(f(tensor([0.5, 0.5, 0.5, 0.5, 0.5])))
