# graph_break() splits the frame: the graph up to it (y = x * k) is compiled, the call
# runs in the interpreter, and y + k runs in the resume function, whose arguments are
# graph_break()'s None, y and k. The constant k is guarded in both frames: k=2
# recompiles both, and the last call hits the first entries again.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: split_here graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-frame: resume_in_split_here_at_12 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-reason: split_here@12: graph_break
@capture
def split_here(x, k):
    y = x * k
    r = graph_break()
    return y + k, r
x = tensor([1.0, 2.0])
print(split_here(x, 1))
print(split_here(x, 1))
print(split_here(x * 2.0, 2))
print(split_here(x, 1))
