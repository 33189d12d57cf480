# A graph break inside a no_grad() block of a function with a cell (scale, read by the
# closure mul made in the trace). f: set, mul, set (3 ops); the resume function gets
# the frame's cells and enters the block again; there mul, now made outside its trace,
# is a closure over the frame's own cell (guarded: L['mul'].__closure__[0] is
# cell(L['scale'])), so its read after the trace assigned scale sees 3.0: set, mul,
# set again (3 ops), no second break.
# explain: graphs=2 graph_breaks=1 ops=6 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_20 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-reason: f@20: call of print()
@capture
def f(x):
    scale = 2.0

    def mul(v):
        return v * scale

    with no_grad():
        y = mul(x)
        print("cells", is_grad_enabled())
        scale = 3.0
        y = mul(y)
    return y, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
