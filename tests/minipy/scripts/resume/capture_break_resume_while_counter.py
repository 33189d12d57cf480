# A print in a while loop on a Python counter: no iterator is live, the loop goes on in
# one resume function that reads i (a constant guard), so it translates once per value
# of i (0, 1, 2); the last translation leaves the loop and returns x with no graph.
# explain: graphs=3 graph_breaks=3 ops=3 recompiles=2 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_14 graphs=2 unsupported=0 breaks=2 cache_entries=3 recompiles=2 ops=2 calls=6 cache_hits=3
# explain-reason: f@14: print
# explain-reason: resume_in_f_at_14@14: print
@capture
def f(x):
    i = 0
    while i < 3:
        x = x + i
        print(i)
        i = i + 1
    return x
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
