# item() is data-dependent: the graph computes s, the call runs in the interpreter, and
# the Python number it returns feeds the resume function, which folds n + 1 into its
# graph and guards on n: a new sum recompiles the resume function, not f.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_11 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2
# explain-reason: f@11: item
@capture
def f(x):
    s = x.sum()
    n = s.item()
    return x * (n + 1)
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
