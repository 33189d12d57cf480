# A print between two tensor expressions is a graph break: the graph up to the print
# (x * y) is compiled, the print runs in the interpreter, and a resume function
# captures the rest (a + y). Called again with a new shape, both the function and its
# resume function recompile.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 graph_ops=1,1
# explain-frame: resume_in_f_at_12 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2
# explain-reason: f@12: print
@capture
def f(x, y):
    a = x * y
    print("a is", a)
    return a + y
print(f(tensor([1.0, 2.0]), tensor([3.0, 4.0])))
print(f(tensor([1.0, 2.0, 3.0]), tensor([1.0, 1.0, 1.0])))
