# Branches that return tensors of different shapes cannot be one cond node: the call
# is a graph break with the reason, and the interpreter runs cond. f's graph is the
# add before it; the resume function's is the mul after, specialized on the shape
# cond returned (f64[2], then f64[] for the false branch: a recompile).
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3 subgraph_ops=0
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=1
# explain-frame: resume_in_f_at_12 graphs=2 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-reason: f@12: cond's branches return tensors of different shapes or dtypes (result 0: f64[2] and f64[])
@capture
def f(x, p):
    y = x + 1
    r = cond(p, lambda a: a, lambda a: a.sum(), (y,))
    return r * 2
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
print(f(x, tensor([1.0])))
