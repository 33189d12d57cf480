# A branch that appends to a list of the frame changes something outside it: the cond
# call is a graph break, and the interpreter runs it, so the append happens only when
# the true branch is taken, as eagerly. f's graph is the add before the call.
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=2 subgraph_ops=0
# explain-frame: f graphs=1 breaks=1 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_14 graphs=0 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@14: cond's true_fn changes something outside it
@capture
def f(x, p, log):
    y = x + 1
    def yes(a):
        log.append("yes")
        return a * 2
    r = cond(p, yes, lambda a: a - 1, (y,))
    return r
log = []
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0]), log), log)
print(f(x, tensor([0.0]), log), log)
