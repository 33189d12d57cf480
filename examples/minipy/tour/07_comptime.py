# comptime: code that runs while the function is being traced, with a view of the
# trace. comptime.print_graph() prints the graph as it is at that point.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
@capture
def f(x):
    y = x * 2.0
    comptime.print_graph()
    return y + x

print(f(tensor([1.0, 2.0])))
