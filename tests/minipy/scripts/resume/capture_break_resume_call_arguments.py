# A break in the middle of a tuple display: the tensor already computed (x * 2) is on
# the stack at the print, so it is a graph output, pushed back before the print and
# handed to the resume function with the print's result; x + 1 is captured after it.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_9 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
@capture
def f(x):
    return (x * 2, print("mid"), x + 1)
print(f(tensor([1.0, 2.0])))
print(f(tensor([5.0, 6.0])))
