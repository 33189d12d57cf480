# A cond inside a while_loop body: the cond's predicate is the loop's counter, and its
# branch reads a global tensor, lifted into the cond's subgraphs, the body's and the
# condition's. Frame ops: while_loop, getitem of acc (2). Subgraph ops: the body's
# two subs (k - 1 is written twice), cond and getitem (4), and the cond branches' add
# and mul (2).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=6
# explain-frame: g graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2 subgraph_ops=6
w = tensor([1.0, -1.0])
def body(k, acc):
    return (k - 1, cond(k - 1, lambda a: a + w, lambda a: a * 2, (acc,)))
@capture
def g(x, n):
    return while_loop(lambda k, acc: k, body, (n, x))[1]
x = tensor([1.0, 2.0])
print(g(x, tensor(3.0)))
print(g(x, tensor(1.0)))
