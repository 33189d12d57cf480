# A branch on a tensor: the condition is a graph output, the generated code does the
# jump, and each side continues in a resume function of its own (one at the line after
# the test, one at the jump target), each captured when first taken.
# explain: graphs=3 graph_breaks=1 ops=4 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_13 graphs=1 unsupported=0 breaks=0 ops=1 calls=1
# explain-frame: resume_in_f_at_14 graphs=1 unsupported=0 breaks=0 ops=1 calls=1
# explain-reason: f@12: branch on a tensor
@capture
def f(x):
    y = x * 2
    if y.sum():
        return y + 1
    return y - 1
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, -1.0])))
