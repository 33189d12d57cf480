# A branch that returns its operand, and one that returns a tensor of the frame it
# closes over (lifted, returned as it is): the subgraphs have no ops of their own but
# the other branch's add. Frame ops: neg, cond, getitem (3); subgraph ops: 0 + 0.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=0
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3 subgraph_ops=0
@capture
def f(x, p):
    other = -x
    return cond(p, lambda a: a, lambda a: other, (x,))
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
