# Code inside a no_grad() block turns grad mode back on, then breaks (print). The code
# at the break enters the block again around the print and sets grad mode to what the
# code had set (True), with the setter the trace called; the resume function does the
# same in its prologue, so g reads True as eagerly, and the block's exit still puts
# back the mode saved at its first entry (True here).
# Setter nodes left after cleanup: f: sub, set False (enter), mul, set True (the
# set_grad_enabled; the exit at the break sets what is set) = 4 ops; its resume
# function: enter and set again cancel, add, the exit sets what is set = 1 op. The
# second call hits both cache entries.
# explain: graphs=2 graph_breaks=1 ops=5 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=4 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_20 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@20#LB0001: call of print()
@capture
def f(x):
    w = x - 1
    with no_grad():
        y = x * 2
        set_grad_enabled(True)
        print("inside", is_grad_enabled())
        z = x + 1
        g = is_grad_enabled()
    return w, y, z, g, is_grad_enabled()
print(f(ones(2)))
print(f(ones(2)), is_grad_enabled())
