# comptime(fn) runs fn(ctx) at trace time; ctx.print_graph() prints the graph so far
# (the relu, not yet the subtraction after it). Eagerly (and in CPython) comptime
# does nothing and returns None.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-stderr: graph(l_x_: f64[2]):
# explain-stderr: relu: f64[2] = l_x_.relu()
@capture
def f(x):
    y = x.relu()
    r = comptime(lambda ctx: ctx.print_graph())
    return y - 1, r
x = tensor([-1.0, 2.0])
print(f(x))
print(f(x))
