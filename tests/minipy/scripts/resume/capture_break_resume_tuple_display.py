# graph_break() inside a tuple display whose first item, a tuple made during tracing
# ((x * k, k)), and a string are already on the stack: the tuple is made again around
# the graph output. Both frames read k (a constant guard), so k=3 translates both again.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-reason: f@10: graph_break
@capture
def f(x, k):
    return ((x * k, k), "tag", graph_break(), x - k)
x = tensor([1.0, 2.0])
print(f(x, 2))
print(f(x + 1.0, 2))
print(f(x, 3))
