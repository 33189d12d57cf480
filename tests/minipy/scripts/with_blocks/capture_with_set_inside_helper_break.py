# Grad mode turned on inside no_grad() by an inlined helper, then a graph break in the
# block (print): the setter the helper called (its global set_grad_enabled) is what the
# code at the break and the resume function call to set grad mode on again.
# d: enter/set cancel, sub, exit sets what is set (1 op); its resume function:
# enter/set again cancel, the exit sets what is set: no op, no graph.
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=2
# explain-frame: d graphs=1 unsupported=0 breaks=1 cache_entries=1 ops=1 calls=1
# explain-frame: resume_in_d_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 calls=1
# explain-reason: d@18#LB0001: call of print()
def helper():
    set_grad_enabled(True)

@capture
def d(x):
    with no_grad():
        helper()
        y = x - 1
        print("d", is_grad_enabled())
        g = is_grad_enabled()
    return y, g, is_grad_enabled()

print(d(tensor([1.0])), is_grad_enabled())
