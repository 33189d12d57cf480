# A helper looping over a list built in the caller: the list, its slice and the loop
# are known at trace time, so a + b + c and * 0.5 are the graph (3 ops).
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 inputs=3 calls=2 cache_hits=1
def total(vs):
    acc = vs[0]
    for v in vs[1:]:
        acc = acc + v
    return acc
@capture
def f(a, b, c):
    return total([a, b, c]) * 0.5
print(f(tensor([1.0]), tensor([2.0]), tensor([3.0])))
print(f(tensor([0.5]), tensor([0.5]), tensor([1.0])))
