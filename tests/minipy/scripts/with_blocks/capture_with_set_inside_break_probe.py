# A graph break (a call of a disabled function) inside no_grad() after the code in
# the block turned grad mode on: the call runs with grad mode on, as eagerly (probe
# prints True), the rest of the block too (g), and the exit puts back the mode at the
# block's entry (is_grad_enabled() after it, and after the call). Called with grad
# mode on, then off: a recompiles on the mode the block saves, and so does its resume
# function (each starts from the mode at the call).
# Grad mode on: a: enter/set cancel, mul, exit at the break sets what is set (1 op);
# resume: enter/set again cancel, add, exit (1 op). Grad mode off: a: enter sets what
# is set, set True, mul, exit sets False (3 ops); resume: set True, add, set False (3).
# explain: graphs=4 graph_breaks=2 ops=8 recompiles=2 frames_captured=4
# explain-frame: a graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: resume_in_a_at_24 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-reason: a@24#LB0028: disabled for capture
@disable
def probe(tag):
    print(tag, is_grad_enabled())
    return is_grad_enabled()

@capture
def a(x):
    with no_grad():
        set_grad_enabled(True)
        y = x * 2
        seen = probe("inside")
        z = y + 1
        g = is_grad_enabled()
    return z, seen, g, is_grad_enabled()

print(a(tensor([1.0])), is_grad_enabled())
set_grad_enabled(False)
print(a(tensor([1.0])), is_grad_enabled())
set_grad_enabled(True)
