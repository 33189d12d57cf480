# Tuples of tensors and numbers in, tuples out; a tuple of another length recompiles.
# explain: graphs=3 graph_breaks=0 ops=9 recompiles=1 frames_captured=3
# explain-frame: weighted graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=8
# explain-frame: minmax graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=1
@capture
def weighted(ts, ws):
    acc = ts[0] * ws[0]
    for i in range(1, len(ts)):
        acc = acc + ts[i] * ws[i]
    return acc, len(ts)
@capture
def minmax(pair):
    lo, hi = pair
    return (hi, lo), hi - lo
u = tensor([1.0, 2.0])
v = tensor([0.5, -1.0])
w = tensor([3.0, 3.0])
print(weighted((u, v), (2, 3)))
print(weighted((v, u), (2, 3)))
print(weighted((u, v, w), (2, 3, -1)))
print(weighted((w, w, w), (2, 3, -1)))
p, d = minmax((u, v))
h, l = p
print(h is v, l is u, d)
