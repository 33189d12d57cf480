# A higher-order operator: cond is one node of the graph that owns a subgraph per
# branch; the branch is chosen when the graph runs (here by x.sum() being nonzero), so
# one graph serves both calls. Ops: sum, cond and its getitem, plus one op per branch.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=2
@capture
def f(x):
    return cond(x.sum(), lambda t: t * 2.0, lambda t: t - 1.0, (x,))

print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, -1.0])))
