# Breaks inside the arguments of tensor method calls: the load_method pair (sum of
# x * 2; reshape of x) is on the stack at the break. The resume function gets its self
# and looks the method up again, then records the call. g has no operation before
# graph_break(), so it compiles nothing.
# explain: graphs=3 graph_breaks=2 ops=5 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_14 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: g graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@14: print
# explain-reason: g@17: graph_break
@capture
def f(x):
    return (x * 2).sum(print("d") or 0) + 1
@capture
def g(x):
    y = x.reshape(graph_break() or 2, -1)
    return y.t()
print(f(tensor([[1, 2], [3, 4]])), f(tensor([[0, 1], [1, 0]])))
print(g(arange(6)), g(arange(6) * 2.0))
