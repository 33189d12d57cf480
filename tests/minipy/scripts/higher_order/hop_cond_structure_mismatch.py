# One branch returns a tensor, the other a tuple: no cond node (the reason names the
# two structures); the interpreter runs cond at the graph break, and the frame's rest
# runs in a resume function with no tensor work (it returns what cond returned).
# explain: graphs=0 graph_breaks=1 ops=0 recompiles=1 frames_captured=3 subgraph_ops=0
# explain-frame: f graphs=0 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_10 graphs=0 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-reason: f@10: cond's branches return different structures (1 tensor and a tuple of 2 tensors)
@capture
def f(x, p):
    return cond(p, lambda a: a + 1, lambda a: (a, a), (x,))
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
