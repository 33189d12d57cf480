# A size stored into a global is replayed after the graph with the call's value.
# explain: graphs=1 graph_breaks=0 ops=0 recompiles=1 frames_captured=2
# explain-frame: f graphs=1 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=0
last = 0
@capture
def f(x):
    global last
    last = x.shape[0] - 1
    return x
for n in [2, 3, 5, 9]:
    f(arange(n))
    print(last)
