# An uncaught shape error from a captured function: same traceback line as eager. The
# shape error is a graph break: the graph of x @ w is compiled, and the interpreter runs
# the addition, which raises (the resume function is never called).
# explain: graphs=2 graph_breaks=1 ops=3 recompiles=1 frames_captured=2
# explain-frame: residual graphs=2 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=3 graph_ops=2,1 calls=2 cache_hits=0
# explain-reason: residual@9: cannot be broadcast
@capture
def residual(x, w):
    return x + x @ w
print(residual(tensor([1.0, 2.0]), tensor([[1.0, 0.0], [0.0, 1.0]])))
print(residual(tensor([1.0, 2.0]), tensor([[1.0, 0.0, 2.0], [0.0, 1.0, 2.0]])))
print("not reached")
