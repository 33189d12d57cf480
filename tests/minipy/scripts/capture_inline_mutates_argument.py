# A helper that appends to a list argument is not inlined (the append is a side effect
# not modelled yet): f breaks at the call, which the interpreter runs. The list grew,
# so the second call of f fails the guard on its length and translates again.
# explain: graphs=3 graph_breaks=2 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_14 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@14: call of function 'record' (not inlined: method 'append' of a list
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
