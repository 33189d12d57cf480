# Two graph_break() calls inside one no_grad() block: three graphs, each of its part
# of the block: set, mul, set (3 ops each). Called under an outer no_grad(), grad mode
# False fails each function's guard (one recompile each), and every setter sets what
# is set already: one op per graph.
# explain: graphs=6 graph_breaks=4 ops=12 recompiles=3 frames_captured=6
# explain-frame: f graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,1
# explain-frame: resume_in_f_at_14 graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,1
# explain-frame: resume_in_f_at_16 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,1
# explain-reason: f@14: graph_break() called
@capture
def f(x):
    with no_grad():
        y = x * 2
        graph_break()
        z = y + 1
        graph_break()
        w = z * z
    return w, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
with no_grad():
    print(f(x))
