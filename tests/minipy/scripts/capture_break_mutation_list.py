# list.append in a captured frame: on a list made in the frame it changes only the
# list's tracker; on an argument list it is a side effect, recorded during tracing and
# replayed by the generated code after the graph (log[0:] = [x.shape]), with no graph
# break. The argument list's length and items are guarded, so every call of
# log_and_scale with the grown list translates again. local_append builds its list
# in one graph (x + 1, x - 1); the second call hits.
# explain: graphs=4 graph_breaks=0 ops=5 recompiles=2 frames_captured=4
# explain-frame: log_and_scale graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=3 cache_hits=0
# explain-frame: local_append graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
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
