# A break in a loop over the rows of a tensor the graph computes (x * 2): the iterator
# is made again from that tensor and advanced past the rows already given, then handed
# to the resume function; there it is opaque, so each later pass breaks at for_iter.
# explain: graphs=2 graph_breaks=3 ops=6 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=5 calls=2 cache_hits=1 outputs=2
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=6 cache_hits=5
# explain-frame: resume_in_f_at_15 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=4 cache_hits=3
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@17: print
# explain-reason: resume_in_f_at_17@15: for_iter
# explain-reason: resume_in_f_at_15@17: print
@capture
def f(x):
    acc = x[0] * 0
    for row in x * 2:
        acc = acc + row
        print("row")
    return acc
print(f(tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
print(f(tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
