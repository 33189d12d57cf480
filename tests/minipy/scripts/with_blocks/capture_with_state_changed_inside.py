# Code inside a no_grad() block turns grad mode back on, then breaks (print). Entering
# the block again at the break (around the print, and in the resume function) would set
# grad mode off again, and g would read False where the eager run reads True; so no
# break is made inside the block: the graph break moves before it (f: x - 1), and the
# resume function that starts at the block runs in the interpreter, with the reason.
# explain: graphs=1 graph_breaks=2 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_14 graphs=0 unsupported=1 cache_entries=1 calls=2 cache_hits=1
# explain-reason: f@14: inside the with block at line 14
# explain-reason: resume_in_f_at_14@17: entering the block again would undo the change
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
