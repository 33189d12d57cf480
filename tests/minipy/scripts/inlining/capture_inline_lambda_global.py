# A lambda bound to a global is an interpreted function like any other: inlined.
# tanh, * 2.0 for x; neg, tanh, * 2.0 for -x; the add: 6 ops.
# explain: graphs=1 graph_breaks=0 ops=6 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=6 calls=2 cache_hits=1
act = lambda v: v.tanh() * 2.0
@capture
def f(x):
    return act(x) + act(-x)
print(f(tensor([0.5, -1.0])))
print(f(tensor([2.0, 0.0])))
