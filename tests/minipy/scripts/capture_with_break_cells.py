# A graph break inside a no_grad() block of a function with a cell (scale, read by the
# closure mul made in the trace). f: set, mul, set (3 ops); the resume function gets
# the frame's cells and enters the block again; there mul, now made outside its trace,
# reads the cell after the trace assigned it, which is a break at the call (run inside
# the block entered again; no operation, no graph), and the last resume function has
# no operation either.
# explain: graphs=1 graph_breaks=2 ops=3 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_22 graphs=0 breaks=1 cache_entries=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_24 graphs=0 breaks=0 cache_entries=1 calls=2 cache_hits=1
# explain-reason: f@22: call of print()
# explain-reason: resume_in_f_at_22@24:
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
