# A print inside a nested list display: x * 2 (graph output) and x (reloaded from the
# argument) are on the stack. The resume function builds the inner list, computes x + 1
# and folds len(x), so it is guarded on x's shape: the second shape translates both.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 outputs=1,1 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-reason: f@10: print
@capture
def f(x):
    return [x * 2, [x, print("m")], x + 1, len(x)]
print(f(tensor([1, 2])))
print(f(tensor([3, 4, 5])))
