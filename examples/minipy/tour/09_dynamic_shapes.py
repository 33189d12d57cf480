# Dynamic shapes: the first call is traced with static sizes; a call with a new size
# recompiles once with that dimension a symbol (s0), and later sizes hit that entry.
# The size itself stays symbolic: n is s0 in the graph, not a constant (one op each).
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
@capture
def f(x):
    n = x.shape[0]
    return x * n

print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0, 3.0])))
print(f(tensor([1.0, 2.0, 3.0, 4.0])))
