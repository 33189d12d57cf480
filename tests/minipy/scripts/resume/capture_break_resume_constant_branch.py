# graph_break() under a constant flag: with debug=False the frame is captured whole
# (x + 1 and y * 2, no break); debug=True is a second entry of f (debug is guarded)
# that breaks after x + 1, and y * 2 runs in the resume function. Each value of debug
# is translated once and then hits.
# explain: graphs=3 graph_breaks=1 ops=4 recompiles=1 frames_captured=3
# explain-frame: f graphs=2 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=3 graph_ops=2,1 calls=4 cache_hits=2
# explain-frame: resume_in_f_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@13: graph_break
@capture
def f(x, debug):
    y = x + 1
    if debug:
        graph_break()
    return y * 2
x = tensor([1.0, 2.0])
print(f(x, False))
print(f(x, True))
print(f(x, True))
print(f(x, False))
