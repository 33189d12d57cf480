# Results that do not reach the return value are removed from the graph, and so are
# the inputs only they read; a frame whose ops are all dead compiles no graph.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=2
# explain-frame: mostly_dead graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=2 inputs=1 outputs=1
# explain-frame: all_dead graphs=0 unsupported=0 cache_entries=1 recompiles=0
@capture
def mostly_dead(x, y):
    unused = x @ y
    tmp = x.exp().sum()
    tmp = x * 2
    z = y.relu()
    return tmp + 1
@capture
def all_dead(x):
    y = x * 2
    z = y.sum()
    return len(x) + 5
x = tensor([[1.0, 2.0], [3.0, 4.0]])
y = tensor([[0.5], [1.5]])
print(mostly_dead(x, y))
print(mostly_dead(x * 0.5, y))
print(all_dead(x), all_dead(x * 3.0))
