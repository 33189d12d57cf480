# A branch on a constant argument inside an inlined helper follows the taken side
# only. flag is guarded, so True and False are two entries (neg, mul, add each); the
# third call hits the first.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=6 graph_ops=3,3 calls=3 cache_hits=1
def maybe_neg(v, flip):
    if flip:
        return -v
    return v * 1.5
@capture
def f(x, flag):
    return maybe_neg(x, flag) + maybe_neg(x, not flag)
x = tensor([1.0, -2.0])
print(f(x, True))
print(f(x, False))
print(f(x, True))
