# A helper redefined between calls: the trace inlined the first definition, and the
# guard on the function's identity fails once the global names the second one, so f
# translates again and gives the new result, never the stale one.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 graph_ops=2,2 calls=4 cache_hits=2
def act(v):
    return v.relu()
@capture
def f(x):
    return act(x) * 2.0
x = tensor([-1.0, 2.0])
print(f(x))
print(f(x))
def act(v):
    return v.sigmoid()
print(f(x))
print(f(x))
