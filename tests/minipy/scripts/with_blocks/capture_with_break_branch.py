# A branch on a tensor inside a no_grad() block: the jump runs with the block entered
# again, and each side leaves it before calling its own resume function, which enters
# it again. f: set, mul, sum, sub, set (5 ops); each side: set, add or sub, set (3 ops).
# explain: graphs=3 graph_breaks=1 ops=11 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=3 cache_hits=2 graph_ops=5
# explain-frame: resume_in_f_at_14 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_16 graphs=1 breaks=0 cache_entries=1 calls=1 cache_hits=0 graph_ops=3
# explain-reason: f@13: branch on a tensor
@capture
def f(x):
    with no_grad():
        y = x * 2
        if y.sum() - 2.0:
            z = y + 1
        else:
            z = y - 1
        g = is_grad_enabled()
    return z, g, is_grad_enabled()


print(f(tensor([1.0, 2.0])))
print(f(tensor([0.5, 0.5])))
print(f(tensor([1.0, 2.0])), is_grad_enabled())
