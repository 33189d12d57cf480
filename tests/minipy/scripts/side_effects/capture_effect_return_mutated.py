# A captured function that mutates an argument and returns it returns the very object
# (`r is log`), with the mutations replayed; the old value read before a store is
# returned as it was (it is read before the replay stores).
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=2
# explain-frame: extend_and_return graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: swap_in graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1
@capture
def extend_and_return(x, log):
    log.append(x)
    log.append(x * 2)
    return log
@capture
def swap_in(x, d):
    old = d["v"]
    d["v"] = x
    return old, d
log = []
r = extend_and_return(tensor([1.0]), log)
print(r is log, len(log), log[1])
d = {"v": tensor([0.0])}
old, same = swap_in(tensor([5.0]), d)
print(old, same is d, d["v"])
