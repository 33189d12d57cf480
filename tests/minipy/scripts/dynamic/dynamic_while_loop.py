# while_loop over a carried tensor of symbolic size: the condition and body subgraphs
# are traced on placeholders of the symbolic shape. Frame graph: while_loop and the
# getitem of its one result (2 ops); subgraphs: sum, sub and relu (the condition: a
# one-element tensor, true while the sum is under 100) and mul (the body): 4.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2 subgraph_ops=8
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=2,2 subgraph_ops=4,4
# explain-graph: f: graph(l_x_: f64[s0]):
@capture
def f(x):
    return while_loop(lambda v: (100.0 - v.sum()).relu(), lambda v: (v * 2.0,), (x,))[0]
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0, 3.0])))
print(f(tensor([0.5, 0.5, 0.5, 0.5])))
