# The body reads a global tensor and a tensor the frame computed: both are lifted
# into both subgraphs (the condition's and the body's take the same inputs). Frame
# ops: mul (the step), while_loop, the getitem of acc (3: k's is unused, so dead);
# subgraph ops: the body's sub and two adds (3).
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=3
# explain-frame: g graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3 subgraph_ops=3
bias = tensor([0.5, 0.25])
@capture
def g(x, n):
    step = x * 2
    def body(k, acc):
        return (k - 1, acc + step + bias)
    k, acc = while_loop(lambda k, acc: k, body, (n, x))
    return acc
x = tensor([1.0, 2.0])
print(g(x, tensor(2.0)))
print(g(x, tensor(0.0)))
