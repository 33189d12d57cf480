# List comprehensions are nested functions. squares graph-breaks at make_function
# (the interpreter creates the comprehension function) and, in the resume function,
# at its call (interpreted functions are not inlined); the second resume function
# returns the list the call built. Both resume functions are named
# resume_in_squares_at_17 (no frame lines). The comprehension function is a new object
# on every call, so the resume function that calls it (guarded on its identity)
# translates again on the second call; the others hit. positive_rows's comprehension
# closes over limit (a cell variable): no graph break there, the frame runs eagerly.
# Both compute the same lists.
# explain: graphs=0 graph_breaks=4 ops=0 recompiles=1 frames_captured=4
# explain-frame: squares graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
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
