# A function that never reads grad mode: minipy has no autograd, so no tensor operation
# depends on it, and the translation is not guarded on it. One translation (mul, add:
# 2 ops) serves the calls in grad mode, under no_grad() and after set_grad_enabled
# (False): 4 calls, 3 cache hits, no recompile.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=4 cache_hits=3 graph_ops=2
@capture
def f(x):
    return x * 2 + 1


x = tensor([1.0, 2.0])
print(f(x), is_grad_enabled())
with no_grad():
    print(f(x), is_grad_enabled())
set_grad_enabled(False)
print(f(x), is_grad_enabled())
set_grad_enabled(True)
print(f(x), is_grad_enabled())
