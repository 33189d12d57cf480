# A break in the outer of two blocks, after the inner one ended: the graph's setters
# around the multiplication (inside enable_grad(), in grad mode True) all cancel: mul
# (1 op); the resume function enters no_grad() again: set, add, set (3 ops).
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_12 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
@capture
def f(x):
    with no_grad():
        with enable_grad():
            a = x * 2
        print("outer only", is_grad_enabled())
        b = a + 1
    return b, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
