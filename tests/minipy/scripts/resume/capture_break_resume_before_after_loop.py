# A break before a loop leaves the whole loop to the resume function, which makes the
# range itself and unrolls it (three ops); a break after a loop leaves no iterator live
# (i is dead), so the resume function only computes x - 1.
# explain: graphs=3 graph_breaks=2 ops=7 recompiles=0 frames_captured=4
# explain-frame: before graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_before_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: after graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_after_at_21 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: before@13: print
# explain-reason: after@21: print
@capture
def before(x):
    print("before")
    for i in range(3):
        x = x + i
    return x
@capture
def after(x):
    for i in range(3):
        x = x * 2
    print("after")
    return x - 1
print(before(tensor([1, 2])), before(tensor([3, 4])))
print(after(tensor([1, 2])), after(tensor([3, 4])))
