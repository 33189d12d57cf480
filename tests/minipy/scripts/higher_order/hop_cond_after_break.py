# cond in the resume function after a graph break (a print): the resume function's
# graph has the cond node. f's graph: mul (1 op); the resume function's: cond,
# getitem, add (3 ops), with 2 subgraph ops.
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2 subgraph_ops=2
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1 subgraph_ops=0
# explain-frame: resume_in_f_at_11 graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3 subgraph_ops=2
# explain-reason: f@11: call of print()
@capture
def f(x, p):
    y = x * 2
    print("before cond")
    r = cond(p, lambda a: a + 10, lambda a: a - 10, (y,))
    return r + 1
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
