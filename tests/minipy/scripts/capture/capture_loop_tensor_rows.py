# Iterating over a tensor's rows unrolls into one getitem op per row; negative and
# computed indices are constants.
# explain: graphs=3 graph_breaks=0 ops=29 recompiles=1 frames_captured=3
# explain-frame: weighted_rows graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=25
# explain-frame: ends graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=4
@capture
def weighted_rows(m):
    out = 0.0
    k = 0
    for row in m:
        k = k + 1
        out = out + (row * row).sum() * k
    return out
@capture
def ends(m):
    return m[0] + m[-1], m[len(m) - 1]
m = tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(weighted_rows(m))
print(weighted_rows(m * -1.0))
print(weighted_rows(tensor([[1.0, 1.0], [2.0, 2.0]])))
print(ends(m))
r = ends(m * 2.0)
print(r, r[1] is r[0])
