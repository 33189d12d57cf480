# A while loop on a tensor condition: the test at the top (in f) and the one at the
# bottom of the body (in the resume function) jump to the same two places, so one body
# resume (guarded on the counter n: 0, 1, 2) and one exit resume serve every pass. The
# second call (sum 0) goes straight to the exit with n=0, a new constant there.
# explain: graphs=4 graph_breaks=4 ops=7 recompiles=3 frames_captured=6
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_15 graphs=3 unsupported=0 breaks=3 cache_entries=3 recompiles=2 ops=6 graph_ops=2,2,2 calls=3 cache_hits=0
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-reason: f@14: branch on a tensor
# explain-reason: resume_in_f_at_15@14: branch on a tensor
@capture
def f(x):
    n = 0
    while x.sum():
        x = x - 1
        n = n + 1
    return x, n
print(f(tensor([3])))
print(f(tensor([0])))
