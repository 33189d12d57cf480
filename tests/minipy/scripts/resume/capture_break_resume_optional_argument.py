# An optional argument tested with `is not None` only after the break: f never reads
# bias (one entry for both kinds of call); the resume function is guarded on it being
# None (no operation left, no graph) or a tensor (y + bias), and each repeat hits.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=4 cache_hits=3
# explain-frame: resume_in_f_at_11 graphs=1 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=1 calls=4 cache_hits=2
# explain-reason: f@11: print
@capture
def f(x, bias=None):
    y = x * 2
    print("y")
    if bias is not None:
        y = y + bias
    return y
x = tensor([1.0, 2.0])
b = tensor([0.5, -0.5])
print(f(x))
print(f(x, b))
print(f(x))
print(f(x, bias=b))
