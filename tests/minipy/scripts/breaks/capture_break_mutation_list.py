# list.append in a captured frame: on a list made in the frame it changes only the
# list's tracker; on an argument list it is a side effect, recorded during tracing and
# replayed by the generated code after the graph (log.extend([x.shape])), with no graph
# break. The argument list is only appended to, never read, so only its type is
# guarded: the second call, with the grown list, hits; the third has a new x shape.
# local_append builds its list in one graph (x + 1, x - 1); the second call hits.
# explain: graphs=3 graph_breaks=0 ops=4 recompiles=1 frames_captured=3
# explain-frame: log_and_scale graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
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
