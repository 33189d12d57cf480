# Breaks inside the operands of a binary expression split over two lines: at the print
# (line 13) x + 1 waits on the stack, at graph_break() (line 14) (x + 1) * 2 does; each
# is the graph output of the frame before, and each resume function is named after the
# line of the `or` that follows the call.
# explain: graphs=3 graph_breaks=2 ops=4 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_13 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_14 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@13: print
# explain-reason: resume_in_f_at_13@14: graph_break
@capture
def f(x):
    y = ((x + 1) * (print("a") or 2)
         - (graph_break() or x))
    return y * y
print(f(tensor([1, 2])))
print(f(tensor([-3, 5])))
