# Guards find a global through a cache of where it was found last, good while neither
# the module's globals nor the builtins gained or lost a name: a new global, a global
# that shadows the builtin read, its value put back, and a deletion are each seen.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: act_on graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=4
@capture
def act_on(x):
    return relu(x) * 2.0
x = tensor([1.0, -1.0])
print(act_on(x))
OTHER = 1
print(act_on(x))
keep = relu
def relu(t):
    return t - 1.0
print(act_on(x))
relu = keep
print(act_on(x))
del OTHER
print(act_on(x))
