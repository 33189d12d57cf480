# ctx.graph_break(msg=...) breaks the graph at the comptime call with that reason: the
# multiplication is one graph, the addition after the call another (in the resume
# function, where the call already ran eagerly and did nothing).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_11 graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@11: stop here
@capture
def f(x):
    y = x * 2
    comptime(lambda ctx: ctx.graph_break(msg="stop here"))
    return y + 1
x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
