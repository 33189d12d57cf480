# A helper that appends to a list argument (a side effect not modelled yet): the append
# is a graph break inside the inlined call, after x + 1.0 and v.sum(). The list grew, so
# the second call of f translates again; its resume function is the same and hits.
# explain: graphs=3 graph_breaks=2 ops=6 recompiles=1 frames_captured=3
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_14_via_record_at_9 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@9: method 'append' of a list is not supported yet (in an inlined call: f line 14 > record line 9)
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
