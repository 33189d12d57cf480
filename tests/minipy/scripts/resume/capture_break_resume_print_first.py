# print as the first statement: f breaks before any tensor work, so it compiles no
# graph, and it reads no argument before the break, so it guards none: a new shape
# hits f's entry. The resume function reads x (x * 2 + 1, two ops) and recompiles.
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=1 frames_captured=3
# explain-frame: f graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 graph_ops=2,2 calls=3 cache_hits=1
# explain-reason: f@10: print
@capture
def f(x):
    print("start")
    return x * 2 + 1
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
print(f(tensor([[1, 2, 3]])))
