# A map_rows function that prints cannot be traced: the call is a graph break and the
# interpreter maps the rows, printing once per row. The frame's graph: the mul before
# (1 op); the resume function's: the add after (1 op).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2 subgraph_ops=0
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_14 graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@14: map_rows' fn cannot be captured: call of function 'show' (not inlined: call of print(), line 12)
@capture
def f(xs):
    ys = xs * 2
    def show(row):
        print("row", row)
        return row.sum()
    r = map_rows(show, ys, ())
    return r + 1
xs = tensor([[1.0, 2.0], [3.0, 4.0]])
print(f(xs))
print(f(xs))
