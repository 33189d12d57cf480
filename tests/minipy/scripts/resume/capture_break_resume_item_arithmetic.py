# item() feeding Python arithmetic: the resume function receives n on its stack, folds
# m = n * 2 + 1 at trace time and records x * m. It is guarded on n: a new tensor with
# the same sum (3) hits, a sum of 10 translates again; f only reads x's shape.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-reason: f@10: item
@capture
def f(x):
    n = x.sum().item()
    m = n * 2 + 1
    return x * m, m
print(f(tensor([1, 2])))
print(f(tensor([2, 1])))
print(f(tensor([5, 5])))
