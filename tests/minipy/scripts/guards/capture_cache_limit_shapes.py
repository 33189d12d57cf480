# More than 8 input shapes with static sizes (dynamic=False: every size is an entry of
# its own): the cache keeps 8 entries, later shapes run eagerly (with a warning on
# stderr) and still compute the right values; cached shapes still hit.
# explain: graphs=8 graph_breaks=0 ops=16 recompiles=7 frames_captured=8
# explain-frame: total graphs=8 unsupported=0 cache_entries=8 recompiles=7 ops=16 calls=15 cache_hits=2
@capture(dynamic=False)
def total(x):
    return (x * 2).sum()
for n in range(1, 12):
    print(n, total(arange(n)))
print(total(arange(3)), total(arange(11)), total(arange(8)))
print(total(ones(2, 2)))
