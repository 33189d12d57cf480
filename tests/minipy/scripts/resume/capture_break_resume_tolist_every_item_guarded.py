# tolist() breaks; the resume function receives the list and reads its first and last
# items (folded into total) and its length. A list from the frame is built with all its
# items, each guarded: [2, 10, 6] recompiles although item 1 is never read, and so does
# [4, 4, 4].
# explain: graphs=4 graph_breaks=1 ops=4 recompiles=2 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_11 graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=3 cache_hits=0
# explain-reason: f@11: tolist
@capture
def f(x):
    vals = (x * 2).tolist()
    total = vals[0] + vals[-1]
    return x + total, len(vals)
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 5, 3])))
print(f(tensor([2, 2, 2])))
