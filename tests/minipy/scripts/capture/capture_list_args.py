# Lists of tensors in and out; list length and element metadata are guarded.
# explain: graphs=3 graph_breaks=0 ops=7 recompiles=2 frames_captured=3
# explain-frame: pairwise graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=7
@capture
def pairwise(xs):
    out = []
    for i in range(len(xs) - 1):
        out = out + [xs[i + 1] - xs[i]]
    return out
xs = [tensor([1, 2]), tensor([4, 4]), tensor([9, 1])]
r = pairwise(xs)
print(r, len(r))
print(pairwise([tensor([0, 0]), tensor([1, 1]), tensor([3, 5])]))
print(pairwise([tensor([1, 2]), tensor([2, 2]), tensor([0, 0]), tensor([7, 7])]))
print(pairwise([tensor([0.5, 0.5]), tensor([1, 1]), tensor([3, 5])]))
print(pairwise([tensor([1, 2]), tensor([4, 4]), tensor([9, 1])]) == r, xs[0])
