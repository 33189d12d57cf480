# graph_break() inside captured functions does nothing and returns None.
# explain: graphs=0 graph_breaks=4 ops=0 recompiles=2 frames_captured=0
# explain-frame: step graphs=0 unsupported=2 cache_entries=2 recompiles=1
# explain-frame: log_then_compute graphs=0 unsupported=2 cache_entries=2 recompiles=1
# explain-reason: step@10: graph_break
# explain-reason: log_then_compute@19: print
@capture
def step(x):
    y = x * 2
    graph_break()
    z = y + 1
    r = graph_break()
    print("graph_break returned", r)
    return z
print(step(tensor([1, 2])))
print(step(tensor([[0.5]])))
@capture(fullgraph=False)
def log_then_compute(x):
    print("input shape", x.shape)
    graph_break()
    return x.sum()
print(log_then_compute(ones(2, 3)))
print(log_then_compute(ones(4)))
print(graph_break())
