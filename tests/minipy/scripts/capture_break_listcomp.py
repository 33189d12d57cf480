# List comprehensions are nested functions. squares graph-breaks at make_function
# (the interpreter creates the comprehension function); its resume function inlines
# the call of it: the loop over the two tensors of the list is unrolled (x * x for
# each, 2 ops) and the list it builds is rebuilt from the graph's 2 outputs. The
# comprehension function is a new object on every call, so the resume function,
# guarded on its identity, translates again on the second call (same shapes).
# positive_rows's comprehension closes over limit (a cell variable): no graph break
# there, the frame runs eagerly. Both compute the same lists.
# explain: graphs=2 graph_breaks=2 ops=4 recompiles=1 frames_captured=3
# explain-frame: squares graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_squares_at_17 graphs=2 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: positive_rows graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: squares@17: make_function
# explain-reason: positive_rows@20: cell variables
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
