# set_grad_enabled(flag) outside a with block is a node of the graph, before tensor
# operations or after them (off_then_ops: set, mul, 2 ops), and the state stays False
# after the call, as eagerly. off_then_ops reads grad mode only after setting it, so it
# is not guarded on it (minipy has no autograd): called again with grad mode False and
# True, it hits its one entry, whose setter stays (the state it starts in is not
# known). toggle turns grad mode off and on around its multiplication: set, mul, set,
# add (4 ops), one graph. (Were an operation to raise, the frame would run again
# eagerly, so the state is left as the eager run leaves it:
# capture_with_exception_in_graph.py.)
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=0 frames_captured=2
# explain-frame: off_then_ops graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=2
# explain-frame: toggle graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=4
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
