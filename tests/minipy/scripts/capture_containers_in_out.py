# Captured functions taking and returning containers of tensors and numbers.
# explain: graphs=4 graph_breaks=2 ops=12 recompiles=2 frames_captured=4
# explain-frame: stats graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: split_pos_neg graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=3 outputs=2
# explain-frame: combine graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=9
# explain-frame: collect graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: stats@14:
# explain-reason: collect@33: append
@capture
def stats(ts):
    out = {}
    for name in ts:
        t = ts[name]
        out[name] = (t.sum().item(), t.max().item(), t.shape)
    return out
@capture
def split_pos_neg(t):
    return [t.relu(), (-t).relu()], len(t)
@capture
def combine(pair, weights=(0.5, 0.5)):
    a, b = pair
    return a * weights[0] + b * weights[1]
ts = {"a": tensor([1, 5, 2]), "b": tensor([[0.5, 1.5]]), "c": tensor(3)}
print(stats(ts))
parts, n = split_pos_neg(tensor([-1.0, 2.0, -3.0]))
print(parts, n)
print(combine(parts), combine(parts, weights=(1, -1)))
print(combine((tensor([1, 2]), tensor([3, 4])), [2, 0]))
@capture
def collect(xs):
    results = []
    for x in xs:
        results.append(x * x)
    return tuple(results)
print(collect([tensor([1, 2]), tensor(3.0), 4]))
