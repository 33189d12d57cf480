# A predicate tensor of two elements has no truth value: no cond node (the reason says
# so); at the graph break the interpreter runs cond, which raises ValueError, caught by
# the caller, as eagerly. The first call's scalar predicate is a graph of its own
# (another shape: a recompile of f, in which p's changed size is a symbol).
# explain: graphs=1 graph_breaks=1 ops=2 recompiles=1 frames_captured=2 subgraph_ops=2
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=2 subgraph_ops=2
# explain-reason: f@10: cond() with a predicate tensor of f64[s0] (not one element)
@capture
def f(x, p):
    return cond(p, lambda a: a * 2, lambda a: a + 2, (x,))
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
try:
    print(f(x, tensor([1.0, 0.0])))
except ValueError as e:
    print("ValueError:", e)
