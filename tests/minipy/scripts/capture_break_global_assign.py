# Assigning a global in a captured frame is a graph break: the store runs in the
# interpreter and the rest of the frame in a resume function. A global read is
# guarded by value: counted reads total_calls before the store (guarded in counted)
# and its resume function reads the new value (guarded there), so every call
# translates both again. set_mode reads nothing before the store: its second call
# hits both frames.
# explain: graphs=4 graph_breaks=4 ops=4 recompiles=4 frames_captured=8
# explain-frame: counted graphs=0 unsupported=0 breaks=3 cache_entries=3 recompiles=2 calls=3 cache_hits=0
# explain-frame: resume_in_counted_at_20 graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=3 cache_hits=0
# explain-frame: set_mode graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_set_mode_at_25 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: counted@19: global
# explain-reason: set_mode@24: global
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
