# set_grad_enabled(flag) outside a with block. Before any tensor operation it is a
# node of the graph (off_then_ops: set, mul, 2 ops), and the state stays False after
# the call, as eagerly. Called again with grad mode False, the guard fails (one
# recompile) and the setter, which sets what is set, is removed (mul, 1 op).
# After tensor operations, a change outside any block is a graph break (toggle): an
# exception in the operations before it would leave the old value and one after it
# the new value, so they go to two graphs (set, mul; then add in the resume function).
# explain: graphs=4 graph_breaks=1 ops=6 recompiles=1 frames_captured=4
# explain-frame: off_then_ops graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=2,1
# explain-frame: toggle graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=2
# explain-frame: resume_in_toggle_at_24 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-reason: toggle@24: a change of grad mode after tensor operations outside a with block
@capture
def off_then_ops(x):
    set_grad_enabled(False)
    y = x * 2
    return y, is_grad_enabled()


@capture
def toggle(x):
    set_grad_enabled(False)
    y = x * 2
    set_grad_enabled(True)
    return y + 1, is_grad_enabled()


x = tensor([1.0, 2.0])
print(off_then_ops(x), is_grad_enabled())
set_grad_enabled(True)
print(off_then_ops(x), is_grad_enabled())
print(off_then_ops(x), is_grad_enabled())
set_grad_enabled(True)
print(toggle(x), is_grad_enabled())
print(toggle(x), is_grad_enabled())
