# A loop body that appends to a list of the frame changes something outside it: the
# while_loop call is a graph break and the interpreter runs the loop, appending once
# per iteration.
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=2 subgraph_ops=0
# explain-frame: g graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_g_at_14 graphs=0 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: g@14: while_loop's body_fn changes something outside it
@capture
def g(x, n, log):
    y = x * 3
    def body(k, acc):
        log.append(1)
        return (k - 1, acc + 1)
    r = while_loop(lambda k, acc: k, body, (n, y))
    return r
log = []
x = tensor([1.0, 2.0])
print(g(x, tensor(2.0), log), log)
print(g(x, tensor(1.0), log), log)
