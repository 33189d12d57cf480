# list.append in a captured frame is a mutation: a graph break, the append runs in
# the interpreter and the list really grows; the rest of the frame runs in a resume
# function (arguments: append's None and the live locals). An argument list's length
# and items are guarded, so every call of log_and_scale with the grown list
# translates again; its resume function (x * 2) recompiles only for the new shape.
# local_append breaks at each append: x + 1 is compiled in the frame, x - 1 in the
# first resume function, and the second returns the list; the second call hits all.
# explain: graphs=4 graph_breaks=5 ops=4 recompiles=3 frames_captured=8
# explain-frame: log_and_scale graphs=0 unsupported=0 breaks=3 cache_entries=3 recompiles=2 calls=3 cache_hits=0
# explain-frame: resume_in_log_and_scale_at_19 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: local_append graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_local_append_at_24 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_local_append_at_25 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: log_and_scale@19: append
# explain-reason: local_append@24: append
# explain-reason: resume_in_local_append_at_24@25: append
@capture
def log_and_scale(log, x):
    log.append(x.shape)
    return x * 2
@capture
def local_append(x):
    out = []
    out.append(x + 1)
    out.append(x - 1)
    return out
log = []
print(log_and_scale(log, tensor([1, 2])))
print(log_and_scale(log, tensor([3, 4])))
print(log_and_scale(log, tensor([[1.0]])))
print(log, len(log))
print(local_append(tensor([1, 2])), local_append(tensor([5, 5])))
