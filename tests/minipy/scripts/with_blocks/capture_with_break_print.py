# A print (a graph break) inside a no_grad() block. The graph ends with the block
# left: add, set_grad_enabled(False), mul, set_grad_enabled(True) (4 ops). The code at
# the break enters the no_grad() object again around the print (inside False), and the
# resume function enters it again in its prologue, so the rest of the block is one
# more graph: set, sub, set, mul (4 ops), and the block's own exit leaves it once.
# explain: graphs=2 graph_breaks=1 ops=8 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=4
# explain-frame: resume_in_f_at_15 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=4
# explain-reason: f@15: call of print()
@capture
def f(x):
    y = x + 1
    with no_grad():
        y = y * 2
        print("inside", is_grad_enabled())
        y = y - 1
    return y * 3, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x), is_grad_enabled())
print(f(x), is_grad_enabled())
