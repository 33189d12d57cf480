# A with block after a graph break is captured in the resume function: mul (1 op),
# then set, add, set (3 ops).
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_9 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
@capture
def f(x):
    a = x * 2
    print("before the block")
    with no_grad():
        b = a + 1
        g = is_grad_enabled()
    return b, g, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
