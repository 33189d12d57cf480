# graph_break() inside captured functions does nothing and returns None.
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
