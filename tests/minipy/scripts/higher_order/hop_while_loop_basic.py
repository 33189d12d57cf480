# while_loop with a counter and an accumulator: one node with the condition's
# subgraph (it returns its first input: no op) and the body's (sub, mul: 2 ops). Frame
# ops: while_loop and the getitem of each carried value (3).
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: g graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3 subgraph_ops=2
def body(n, acc):
    return (n - 1, acc * 2)
def check(n, acc):
    return n
@capture
def g(x, n):
    n, acc = while_loop(check, body, (n, x))
    return acc, n
x = tensor([1.0, 2.0])
print(g(x, tensor(3.0)))
print(g(x, tensor(1.0)))
