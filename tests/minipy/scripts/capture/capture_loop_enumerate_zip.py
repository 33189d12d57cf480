# zip() and enumerate() over lists of tensors unroll at trace time.
# explain: graphs=3 graph_breaks=0 ops=12 recompiles=1 frames_captured=3
# explain-frame: dot_pairs graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=6
# explain-frame: scaled_by_pos graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=6
@capture
def dot_pairs(xs, ys):
    acc = 0.0
    for x, y in zip(xs, ys):
        acc = acc + (x * y).sum()
    return acc
@capture
def scaled_by_pos(xs):
    out = ()
    for i, x in enumerate(xs, 1):
        out = out + (x * i,)
    return out
xs = [tensor([1.0, 2.0]), tensor([3.0, 4.0])]
ys = [tensor([0.5, 0.5]), tensor([-1.0, 1.0])]
print(dot_pairs(xs, ys))
print(dot_pairs(ys, xs))
print(scaled_by_pos(xs))
print(scaled_by_pos([tensor([1, 1]), tensor([2, 2]), tensor([3, 3]), tensor([4, 4])]))
