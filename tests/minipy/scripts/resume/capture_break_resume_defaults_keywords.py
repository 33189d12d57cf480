# Default and keyword arguments live across a break: f reads scale before the print,
# the resume function reads shift after it, so each is guarded only where it is read:
# shift=3.0 translates only the resume function, scale=3.0 only f, and the defaults
# passed positionally hit both first entries.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-frame: resume_in_f_at_12 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-reason: f@12: print
@capture
def f(x, scale=2.0, shift=1.0):
    y = x * scale
    print("scaled")
    return y + shift
x = tensor([1.0, 2.0])
print(f(x))
print(f(x, shift=3.0))
print(f(x, scale=3.0))
print(f(x, 2.0, 1.0))
