# comptime.graph_break() is a graph break at its call, and ctx.graph_break() without a
# message gives the default reason. Each frame is two graphs.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: g graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-unlisted: the resume functions of f and g are checked by the totals
# explain-reason: f@12: comptime.graph_break()
# explain-reason: g@17: ComptimeContext.graph_break
@capture
def f(x):
    y = x - 1
    comptime.graph_break()
    return y * 3
@capture
def g(x):
    y = x + 1
    comptime(lambda ctx: ctx.graph_break())
    return y / 2
x = tensor([1.0, 2.0])
print(f(x), g(x))
print(f(x), g(x))
