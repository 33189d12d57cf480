# Branches that return tensors of different dtypes (int, float) are a mismatch too:
# the call is a graph break, and the resume function is specialized on the dtype cond
# returned (a recompile for the other one).
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3 subgraph_ops=0
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_11 graphs=2 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=1,1
# explain-reason: f@11: cond's branches return tensors of different shapes or dtypes (result 0: i64[2] and f64[2])
@capture
def f(x, p):
    y = x * 2
    r = cond(p, lambda a: a + 1, lambda a: a * 0.5, (y,))
    return r - 1
x = tensor([1, 2])
print(f(x, tensor([1])))
print(f(x, tensor([0])))
