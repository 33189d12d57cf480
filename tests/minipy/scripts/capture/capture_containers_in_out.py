# Captured functions taking and returning containers of tensors and numbers. stats
# breaks at each item(); the store into its dict `out`, a parameter of the resume
# function after the second item(), is a side effect replayed after that function's
# graph, with no break. The loop goes on in resume functions that get the iterator as
# an opaque object, so every later pass breaks at for_iter and again in the body,
# reusing the resume codes of the first pass (two at the same line: the second is
# named resume_in_stats_at_27_2). collect appends to a list it made and returns tuple() of it, in one graph.
# explain: graphs=11 graph_breaks=9 ops=20 recompiles=7 frames_captured=15
# explain-unlisted: the two resume functions of stats at line 27 are checked by their reasons
# explain-frame: stats graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_stats_at_25 graphs=2 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_stats_at_28 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-frame: split_pos_neg graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=3 outputs=2
# explain-frame: combine graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=9
# explain-frame: collect graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1
# explain-reason: stats@27: item
# explain-reason: resume_in_stats_at_27@27: item
# explain-reason: resume_in_stats_at_27_2@25: for_iter
# explain-reason: resume_in_stats_at_25@27: item
# (collect has no graph break and so no resume function: tuple() of the list it made
# is traced.)
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
