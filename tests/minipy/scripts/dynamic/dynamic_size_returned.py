# A size that is returned stays symbolic: the graph computes it from the call's sizes
# (a graph of no operation, whose output is 2*s0). The static first translation
# returns a constant and compiles no graph.
# explain: graphs=1 graph_breaks=0 ops=0 recompiles=1 frames_captured=2
# explain-frame: f graphs=1 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=0 outputs=1
# explain-graph: f: return (2*s0,)
@capture
def f(x):
    return x.shape[0] * 2
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4, 5, 6, 7])))
print(f(tensor([9, 9, 9, 9])))
