# tolist() breaks; the nested list it returns is the resume function's stack value,
# guarded by type, length and every item (inner lists too), and the item read
# (first[1]) folds into x + 4. The same values hit; one changed item translates again.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-reason: f@10: tolist
@capture
def f(x):
    rows = (x * 2).tolist()
    first = rows[0]
    return x + first[1], len(rows), rows
print(f(tensor([[1, 2], [3, 4]])))
print(f(tensor([[1, 2], [3, 4]])))
print(f(tensor([[1, 2], [3, 5]])))
