# A body that changes a carried value's shape cannot be a while_loop node: the call is
# a graph break, and the interpreter runs the loop (which allows it). g's graph is
# the add before the call; the resume function returns the loop's result, guarded on
# its shapes, which differ between the two calls (the loop runs once, then never).
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=1 frames_captured=3 subgraph_ops=0
# explain-frame: g graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_g_at_14 graphs=0 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-reason: g@14: while_loop's body_fn does not return a tuple of tensors of the carried shapes and dtypes
def body(n, acc):
    return (n - 1, acc.sum())
@capture
def g(x, n):
    y = x + 1
    return while_loop(lambda n, acc: n, body, (n, y))
x = tensor([1.0, 2.0])
print(g(x, tensor(1.0)))
print(g(x, tensor(0.0)))
