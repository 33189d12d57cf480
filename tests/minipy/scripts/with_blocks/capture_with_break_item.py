# item() (a graph break) inside a no_grad() block, then a branch on its value in the
# resume function, guarded: set, mul, sum, set (4 ops); each side is set, sub or add,
# set (3 ops), the other value one recompile.
# explain: graphs=3 graph_breaks=1 ops=10 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=3 cache_hits=2 graph_ops=4
# explain-frame: resume_in_f_at_12 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,3
# explain-reason: f@12: item()
@capture
def f(x):
    with no_grad():
        y = x * 2
        n = y.sum().item()
        if n > 5:
            z = y - 1
        else:
            z = y + 1
    return z, is_grad_enabled()


print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0])))
print(f(tensor([0.5, 0.5])))
