# list.append in a captured frame is a mutation: the frame runs eagerly and the list
# really grows. An argument list's length is guarded, so every call with the grown
# list translates again.
# explain: graphs=0 graph_breaks=4 ops=0 recompiles=2 frames_captured=0
# explain-frame: log_and_scale graphs=0 unsupported=3 cache_entries=3 recompiles=2
# explain-frame: local_append graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: log_and_scale@11: append
# explain-reason: local_append@16: append
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
