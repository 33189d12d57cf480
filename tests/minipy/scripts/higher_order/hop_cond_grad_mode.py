# A branch that turns grad mode off changes global state: the cond call is a graph
# break, the interpreter runs it (grad mode changes only when that branch is taken),
# and the resume function is guarded on the grad mode it then sees.
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=1 frames_captured=3 subgraph_ops=0
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_14 graphs=0 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-reason: f@14: cond's true_fn changes global state
@capture
def f(x, p):
    y = x + 1
    def off(a):
        set_grad_enabled(False)
        return a * 2
    r = cond(p, off, lambda a: a - 1, (y,))
    return r, is_grad_enabled()
x = tensor([1.0, 2.0])
print(f(x, tensor([0.0])))
print(f(x, tensor([1.0])))
set_grad_enabled(True)
