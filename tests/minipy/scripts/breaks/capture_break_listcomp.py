# List comprehensions are nested functions, made and called in place. squares makes
# its comprehension function in the trace (a function tracker of the code constant)
# and inlines the call: the loop over the two tensors of the list is unrolled (x * x
# for each, 2 ops) and the list it builds is rebuilt from the graph's 2 outputs. The
# function is never built, so the second call (same shapes) hits the cache.
# positive_rows's comprehension closes over limit (a cell variable): its closure holds
# the frame's cell, and it is inlined the same way (a row and its sum for each of the
# two rows: 4 ops). Both compute the same lists.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=0 frames_captured=2
# explain-frame: squares graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: positive_rows graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 outputs=2 calls=2 cache_hits=1
#
#
#
@capture
def squares(xs):
    return [x * x for x in xs]
@capture
def positive_rows(m, limit):
    return [r.sum() for r in m if len(r) < limit]
xs = [tensor([1, 2]), tensor([3.0])]
print(squares(xs), squares([tensor([5, 6]), tensor([0.5])]))
print(positive_rows(tensor([[1, 2], [3, 4]]), 3))
print(positive_rows(tensor([[1, 2], [3, 4]]), 3))
