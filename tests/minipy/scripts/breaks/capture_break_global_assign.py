# Assigning a global in a captured frame is a side effect: recorded during tracing,
# replayed by the generated code (store_global) after the graph, with no graph break.
# A read after the store sees the stored value. A global read is guarded by value:
# counted reads total_calls before the store, so every call translates again.
# set_mode reads nothing before the store: its second call hits.
# explain: graphs=4 graph_breaks=0 ops=4 recompiles=2 frames_captured=4
# explain-frame: counted graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=3 cache_hits=0
# explain-frame: set_mode graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
total_calls = 0
mode = "slow"
@capture
def counted(x):
    global total_calls
    total_calls = total_calls + 1
    return x + total_calls
@capture
def set_mode(x):
    global mode
    mode = "fast"
    return x * 2
x = tensor([1, 2])
print(counted(x), total_calls)
print(counted(x), total_calls)
print(counted(x), total_calls)
print(mode, set_mode(x), mode, set_mode(x), mode)
