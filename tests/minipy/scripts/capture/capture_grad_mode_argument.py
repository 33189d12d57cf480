# grad_mode(flag), a context manager made with an argument, around a graph break: the
# trace folds the flag (guarded: a new value recompiles), the graph leaves the block
# at the break (set, mul, set: 3 ops; with flag True the setters change nothing and
# are removed, 1 op), and the code at the break makes the manager again by the same
# call with the same argument, grad_mode(flag), which is what the resume function gets
# and enters in its prologue (set, add, set: 3 ops, or the add alone). The resume
# function is guarded on the manager's type (no_grad or enable_grad). 0 is a new
# value for the guard on flag (an int, not a bool): a third entry.
# explain: graphs=5 graph_breaks=3 ops=11 recompiles=3 frames_captured=5
# explain-frame: f graphs=3 breaks=3 cache_entries=3 recompiles=2 calls=4 cache_hits=1 graph_ops=3,1,3
# explain-frame: resume_in_f_at_17 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=3,1
# explain-reason: f@17: call of print()
@capture
def f(x, flag):
    with grad_mode(flag):
        y = x * 2
        print("inside", is_grad_enabled())
        z = y + 1
        g = is_grad_enabled()
    return z, g, is_grad_enabled()
x = tensor([1.0, 2.0])
print(f(x, False))
print(f(x, False))
print(f(x, True))
print(f(x, 0))
