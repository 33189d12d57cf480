# cond inside a no_grad() block: its node lies between the setters of the block.
# Frame ops: set_grad_enabled(False), cond, getitem, set_grad_enabled(True) (4);
# subgraph ops 2. Grad mode is off while the branches run, as eagerly.
# explain: graphs=1 graph_breaks=0 ops=4 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=4 subgraph_ops=2
@capture
def f(x, p):
    with no_grad():
        r = cond(p, lambda a: a * 5, lambda a: a + 5, (x,))
    return r
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])), is_grad_enabled())
print(f(x, tensor([0.0])), is_grad_enabled())
