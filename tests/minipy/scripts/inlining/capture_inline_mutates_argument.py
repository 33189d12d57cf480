# A helper that appends to a list argument: inlined, the append is a side effect,
# replayed after the graph (x + 1.0, v.sum(), v * 2.0, - 1.0) with the sum the graph
# computed, with no graph break. The list is only appended to, never read, so only
# its type is guarded: the second call, with the longer list, hits.
# explain: graphs=1 graph_breaks=0 ops=4 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 outputs=2 calls=2 cache_hits=1
#
def record(log, v):
    log.append(v.sum())
    return v * 2.0
@capture
def f(x, log):
    y = x + 1.0
    return record(log, y) - 1.0
log = []
print(f(tensor([1.0, 2.0]), log))
print(f(tensor([3.0, 4.0]), log))
print(len(log), log[0], log[1])
