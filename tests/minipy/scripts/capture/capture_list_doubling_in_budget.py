# A list extended by itself 20 times holds 2^20 items. The trace builds 2^20 + 1 items
# of lists in all (one to start, then 1, 2, ..., 2^19 more), under the default budget
# of 2^24 traced list and tuple items, so f is still captured whole: len(l) is a
# constant, and the graph is the one mul. The second call hits the cache.
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
@capture
def f(x):
    l = [1]
    for i in range(20):
        l.extend(l)
    return x * len(l)
print(f(tensor([1.0])))
print(f(tensor([2.0])))
