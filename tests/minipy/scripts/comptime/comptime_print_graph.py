# comptime.print_graph() prints the graph traced so far to stderr, at trace time:
# once, on the first call (the second hits the cache). The frame is one graph (mul,
# add); the shortcut adds nothing to it.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-stderr: graph(l_x_: f64[2]):
# explain-stderr: mul: f64[2] = mul(l_x_, 2)
@capture
def f(x):
    y = x * 2
    comptime.print_graph()
    return y + 1
x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
