# item() inside the arguments of max(): max and the item's result are on the resume
# function's stack, and max is folded at trace time. The guard is on the item value,
# not on k: sums -4 and 0 both give k = 1 but are two entries; a sum of 3 again hits.
# explain: graphs=4 graph_breaks=1 ops=4 recompiles=2 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=4 cache_hits=3
# explain-frame: resume_in_f_at_10 graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=4 cache_hits=1
# explain-reason: f@10: item
@capture
def f(x, y):
    k = max(x.sum().item(), 1)
    return y * k
y = tensor([1.5, 2.5])
print(f(tensor([1, 2]), y))
print(f(tensor([-5, 1]), y))
print(f(tensor([0, 0]), y))
print(f(tensor([2, 1]), y))
