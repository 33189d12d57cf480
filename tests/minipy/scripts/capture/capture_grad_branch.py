# is_grad_enabled() is folded to the traced grad mode, so a branch on it follows one
# side, and the grad-mode guard makes the other mode a second cache entry (one
# recompile); each later call hits its entry. One multiplication per graph.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=1,1
@capture
def f(x):
    if is_grad_enabled():
        return x * 2
    return x * 3


x = tensor([1.0])
print(f(x))
with no_grad():
    print(f(x))
print(f(x))
with no_grad():
    print(f(x))
