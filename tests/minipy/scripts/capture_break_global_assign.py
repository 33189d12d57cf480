# Assigning a global in a captured frame runs it eagerly; a global read first is
# guarded by value, so each new counter value translates again.
# explain: graphs=0 graph_breaks=4 ops=0 recompiles=2 frames_captured=0
# explain-frame: counted graphs=0 unsupported=3 cache_entries=3 recompiles=2
# explain-frame: set_mode graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: counted@13:
# explain-reason: set_mode@18:
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
