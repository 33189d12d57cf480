# Locals that hold each other's entry values at a break (a swap, a rotation of three):
# each is restored from the other's source, all loads before any store, so the resume
# functions see the swapped values. f and g compile nothing before their breaks.
# explain: graphs=2 graph_breaks=2 ops=5 recompiles=0 frames_captured=4
# explain-frame: f graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_14 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: g graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_19 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 calls=2 cache_hits=1
# explain-reason: f@14: print
# explain-reason: g@19: graph_break
@capture
def f(x, y):
    x, y = y, x
    print("swapped")
    return x - y
@capture
def g(a, b, c):
    a, b, c = b, c, a
    graph_break()
    return a * 100 + b * 10 + c
print(f(tensor([1, 2]), tensor([10, 20])), f(tensor([5, 5]), tensor([1, 1])))
print(g(tensor([1]), tensor([2]), tensor([3])), g(tensor([4]), tensor([5]), tensor([6])))
