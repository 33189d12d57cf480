# A branch that prints cannot be traced: the cond call is a graph break with the
# branch's reason, and the interpreter runs cond, printing only for the true branch.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2 subgraph_ops=0
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_13 graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@13: cond's true_fn cannot be captured: call of function 'yes' (not inlined: call of print(), line 11)
@capture
def f(x, p):
    y = x * 3
    def yes(a):
        print("taking the true branch")
        return a + 1
    r = cond(p, yes, lambda a: a - 1, (y,))
    return r * 2
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
