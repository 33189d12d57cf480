# A while loop on a tensor with a print in its body: the test breaks (in f at the top,
# in the print's resume function at the bottom), the body resumes at line 16 (x - 1,
# then the print breaks), and the print's resume function computes the next test. No
# Python value changes between passes, so every resume code has a single entry.
# explain: graphs=3 graph_breaks=3 ops=3 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_17 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@15: branch on a tensor
# explain-reason: resume_in_f_at_16@17: print
# explain-reason: resume_in_f_at_17@15: branch on a tensor
@capture
def f(x):
    while x.sum():
        x = x - 1
        print("left", x)
    return x
print(f(tensor([2])))
print(f(tensor([1])))
