# The cache limit applies to a resume function on its own: item() gives ten different
# sums, so the resume function (guarded on n) translates for the first eight and runs
# the ninth and tenth eagerly (a warning on stderr); f keeps its one entry. The last
# call's sum (3) was cached before: a hit.
# explain: graphs=9 graph_breaks=1 ops=9 recompiles=7 frames_captured=9
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=11 cache_hits=10
# explain-frame: resume_in_f_at_11 graphs=8 unsupported=0 breaks=0 cache_entries=8 recompiles=7 ops=8 calls=11 cache_hits=1
# explain-reason: f@11: item
@capture(dynamic=False)
def f(x):
    n = x.sum().item()
    return x + n
for i in range(10):
    print(f(tensor([i, 1])))
print(f(tensor([2, 1])))
