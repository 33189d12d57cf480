# List comprehensions are nested functions: a captured frame containing one runs
# eagerly and computes the same lists.
# explain: graphs=0 graph_breaks=2 ops=0 recompiles=0 frames_captured=0
# explain-frame: squares graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: positive_rows graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: squares@9:
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
