# List comprehensions are nested functions. squares graph-breaks three times on its
# one line: at the comprehension's code constant, at make_function, and at the call
# of the new function (interpreted functions are not inlined); the last resume
# function returns the list the call built. The three resume functions share the
# name resume_in_squares_at_17 (no frame lines). The comprehension function is a new
# object on every call, so the resume function that calls it (guarded on its
# identity) translates again on the second call; the others hit. positive_rows's
# comprehension closes over limit (a cell variable): no graph break there, the frame
# runs eagerly. Both compute the same lists.
# explain: graphs=0 graph_breaks=5 ops=0 recompiles=1 frames_captured=5
# explain-frame: squares graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: positive_rows graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: squares@17: code object
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
