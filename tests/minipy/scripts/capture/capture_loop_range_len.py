# A loop over range(len(xs)) unrolls: index arithmetic and the weight sum fold, the
# tensor products become graph ops; weights are constants guarded by value.
# explain: graphs=3 graph_breaks=0 ops=19 recompiles=2 frames_captured=3
# explain-frame: blend graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=19
@capture
def blend(xs, weights):
    total = 0.0
    norm = 0.0
    for i in range(len(xs)):
        total = total + xs[i] * weights[i]
        norm = norm + weights[i]
    return total / norm
xs = [tensor([1.0, 2.0]), tensor([3.0, 4.0]), tensor([5.0, 6.0])]
print(blend(xs, [1.0, 1.0, 2.0]))
print(blend(xs, [0.5, 0.25, 0.25]))
print(blend([xs[2], xs[1], xs[0]], [1.0, 1.0, 2.0]))
print(blend(xs[:2], [3.0, 1.0]))
