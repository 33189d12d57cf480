# A print in the inner of two range loops. f runs up to the first print; after that each
# for_iter on a handed-on iterator breaks: the inner body resumes at line 20 (guarded on
# i: 0, then 1), the inner exit at line 23 (x * 2, then the outer for_iter breaks), the
# outer body at line 19 (a fresh inner range, unrolled until the print), the end at 24.
# explain: graphs=5 graph_breaks=6 ops=5 recompiles=1 frames_captured=7
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_f_at_22 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=4 cache_hits=3
# explain-frame: resume_in_f_at_20 graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_23 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_19 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_f_at_24 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: f@22: print
# explain-reason: resume_in_f_at_22@20: for_iter
# explain-reason: resume_in_f_at_20@22: print
# explain-reason: resume_in_f_at_23@19: for_iter
# explain-reason: resume_in_f_at_19@22: print
@capture
def f(x):
    for i in range(2):
        for j in range(2):
            x = x + (i + j)
            print(i, j)
        x = x * 2
    return x
print(f(tensor([1, 2])))
