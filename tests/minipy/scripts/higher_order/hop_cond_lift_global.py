# A branch reads a global tensor: it is an input of the frame's graph (guarded on its
# shape and dtype), lifted into both subgraphs as an input of the cond node. Frame
# ops: cond, getitem (2); subgraph ops: add and mul (2).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2 subgraph_ops=2 inputs=3
w = tensor([10.0, 20.0])
@capture
def f(x, p):
    return cond(p, lambda a: a + w, lambda a: a * w, (x,))
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
