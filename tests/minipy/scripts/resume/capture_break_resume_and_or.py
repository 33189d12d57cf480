# `and`/`or` on tensors. both: each operand's test breaks; both tests jump to the same
# else (line 20), which is one resume code serving both breaks. either: the `or` keeps
# x.sum() when it is true (resume at the store, line 23, no graph) or drops it and goes
# on at line 24 (y * 2).
# explain: graphs=6 graph_breaks=3 ops=6 recompiles=0 frames_captured=7
# explain-frame: both graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_both_at_18 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_both_at_19 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_both_at_20 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: either graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_either_at_24 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_either_at_23 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-reason: both@18: branch on a tensor
# explain-reason: resume_in_both_at_18@18: branch on a tensor
# explain-reason: either@23: branch on a tensor
@capture
def both(x, y):
    if x.sum() and y.sum():
        return x + y
    return x - y
@capture
def either(x, y):
    r = (x.sum()
         or y * 2)
    return r
print(both(tensor([1, 2]), tensor([1, 1])))
print(both(tensor([1, -1]), tensor([1, 1])))
print(both(tensor([1, 2]), tensor([1, -1])))
print(either(tensor([1, 2]), tensor([5, 6])))
print(either(tensor([1, -1]), tensor([5, 6])))
