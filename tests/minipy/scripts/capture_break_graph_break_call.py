# graph_break() ends capture in this stage: the whole frame runs eagerly; the constant
# k is read before the break and guarded.
# explain: graphs=0 graph_breaks=2 ops=0 recompiles=1 frames_captured=0
# explain-frame: split_here graphs=0 unsupported=2 cache_entries=2 recompiles=1
# explain-reason: split_here@9: graph_break
@capture
def split_here(x, k):
    y = x * k
    r = graph_break()
    return y + k, r
x = tensor([1.0, 2.0])
print(split_here(x, 1))
print(split_here(x, 1))
print(split_here(x * 2.0, 2))
print(split_here(x, 1))
