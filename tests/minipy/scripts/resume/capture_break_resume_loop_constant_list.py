# A print in the body of a loop over a constant list: f runs the first pass (x * 1.0)
# and hands the rest of the iterator to the resume function, where for_iter breaks on
# every pass. The body resumes at the loop line guarded on k (2.0, then 3.0); the exit
# resumes at the return (x + 1). The second call hits every entry.
# explain: graphs=4 graph_breaks=4 ops=4 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=6 cache_hits=5
# explain-frame: resume_in_f_at_14 graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-frame: resume_in_f_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@16: print
# explain-reason: resume_in_f_at_16@14: for_iter
@capture
def f(x):
    for k in [1.0, 2.0, 3.0]:
        x = x * k
        print("k", k)
    return x + 1
print(f(tensor([1.0, 2.0])))
print(f(tensor([0.5, -1.0])))
