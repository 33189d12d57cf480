# Broadcasting a symbolic size against a static one that is not 1 needs them equal:
# the relation s0 == 3 pins the symbol. A size of 1 broadcasts and gets its own static
# entry (sizes 0 and 1 are never symbols).
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=2,2
# explain-guard: f: s0 == 3
# explain-guard: f: tensor L['x']: i64[1]
@capture(dynamic=True)
def f(x):
    return x + ones(3)
print(f(tensor([1, 2, 3])))
print(f(tensor([5])))
print(f(tensor([4, 5, 6])))
print(f(tensor([7])))
