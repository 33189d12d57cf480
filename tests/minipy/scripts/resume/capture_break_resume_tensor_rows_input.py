# Rows of an input tensor, with a graph_break() in the body after two rows: the
# iterator is made again from x itself (reloaded from the frame) and advanced past two
# rows. In the resume functions it is opaque: every later for_iter breaks. The second
# call (two rows) recompiles f, and the exit resume function gets n = 2, not 3.
# explain: graphs=3 graph_breaks=4 ops=13 recompiles=2 frames_captured=6
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=12 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_21 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_22 graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-reason: f@21: graph_break
# explain-reason: resume_in_f_at_21@17: for_iter
# explain-reason: resume_in_f_at_17@17: for_iter
@capture
def f(x):
    total = x[0] * 0
    n = 0
    for row in x:
        total = total + row
        n = n + 1
        if n == 2:
            graph_break()
    return total, n
print(f(tensor([[1, 2], [3, 4], [5, 6]])))
print(f(tensor([[1, 2], [3, 4]])))
