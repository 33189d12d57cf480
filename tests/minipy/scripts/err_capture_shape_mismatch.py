# An uncaught shape error from a captured function: same traceback line as eager.
# explain: graphs=1 graph_breaks=1 ops=2 recompiles=1 frames_captured=1
# explain-frame: residual graphs=1 unsupported=1 cache_entries=2 recompiles=1 ops=2
# explain-reason: residual@7: cannot be broadcast
@capture
def residual(x, w):
    return x + x @ w
print(residual(tensor([1.0, 2.0]), tensor([[1.0, 0.0], [0.0, 1.0]])))
print(residual(tensor([1.0, 2.0]), tensor([[1.0, 0.0, 2.0], [0.0, 1.0, 2.0]])))
print("not reached")
