# cond over a tensor of symbolic size: both branches are traced on a placeholder of the
# symbolic shape, and the backend binds the subgraphs' symbols from their own inputs.
# The frame's graph: sum, cond, getitem (3 ops); subgraphs: mul, sub (2).
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2 subgraph_ops=4
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=3,3 subgraph_ops=2,2
# explain-graph: f: graph(l_x_: f64[s0]):
@capture
def f(x):
    return cond(x.sum(), lambda a: a * 2, lambda a: a - 1, (x,))
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0, -4.0])))
print(f(tensor([-1.0, -2.0, 0.5, 0.25])))
print(f(tensor([0.0, 0.0, 0.0, 0.0, 0.0])))
