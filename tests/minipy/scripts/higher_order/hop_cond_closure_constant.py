# A branch that reads a constant of the frame (k, from the int argument n) has it
# folded into its subgraph, not lifted: the guard on n makes a new n translate again.
# There n is a symbol (it changed: automatic dynamic), but a subgraph reads its sizes
# from its own inputs, and none holds n: k is specialized inside it (2*s0 == 10), so the
# second entry serves n = 5 alone. The frame's graph takes n as an input (k is a cell of
# the lambdas, computed as an output). Each graph: cond, getitem (2 ops) and 1 + 1
# subgraph ops.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2 subgraph_ops=4
# explain-frame: f graphs=2 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=2,2 subgraph_ops=2,2 inputs=2,3
# explain-guard: f: 2*s0 == 10
@capture
def f(x, p, n):
    k = n * 2
    return cond(p, lambda a: a * k, lambda a: a + k, (x,))
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0]), 3))
print(f(x, tensor([0.0]), 3))
print(f(x, tensor([1.0]), 5))
