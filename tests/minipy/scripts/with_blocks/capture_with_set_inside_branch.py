# A branch on a tensor (a graph break at the jump) inside no_grad() after its code
# turned grad mode on: the code at the break runs the jump inside the block with grad
# mode on, and calls the resume function of the branch taken, which enters the block
# and sets grad mode on again. f: enter/set cancel, sum, exit sets what is set (1 op);
# each resume function: enter/set again cancel, add or sub, exit (1 op). x = [1.0]
# takes the fall-through (x + 1), x = [0.0] the jump (x - 1); f's second call hits.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=1
# explain-frame: resume_in_f_at_19 graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=1
# explain-reason: f@16#LB0003: branch on a tensor value
@capture
def f(x):
    with no_grad():
        set_grad_enabled(True)
        if x.sum():
            y = x + 1
        else:
            y = x - 1
        g = is_grad_enabled()
    return y, g, is_grad_enabled()

print(f(tensor([1.0])), is_grad_enabled())
print(f(tensor([0.0])), is_grad_enabled())
