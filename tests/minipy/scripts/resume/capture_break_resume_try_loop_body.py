# A try block in a loop body: the first pass's tensor work is a graph, the break comes
# before the block with the range iterator on the stack (rebuilt from what it has not
# given yet), and the rest of the loop runs eagerly in one resume function. A call with
# another shape recompiles f; the resume function, guarding nothing but grad mode, hits.
# explain: graphs=2 graph_breaks=3 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_14 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=2 cache_hits=1
# explain-reason: f@14: a try or with block starts
@capture
def f(x):
    for i in range(3):
        x = x + i
        try:
            x = x * 2
        except ValueError:
            pass
    return x
print(f(tensor([1.0])))
print(f(tensor([1.0, 2.0])))
