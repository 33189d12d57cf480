# A symbolic int's entry checks the type: True (a bool) and 2.5 do not take it, and
# each is a constant entry of its own; 4 hits it. Negative ints stay constants (a
# symbol stands for ints of at least 2): -5 and -6 are an entry each.
# explain: graphs=6 graph_breaks=0 ops=6 recompiles=5 frames_captured=6
# explain-frame: f graphs=6 cache_entries=6 recompiles=5 calls=7 cache_hits=1
# explain-recompile: f: type(L['n']) is int, but got bool True
# explain-recompile: f: L['n'] == -5, but got int -6
@capture
def f(x, n):
    return x * n
x = arange(3)
print(f(x, 2), f(x, 3), f(x, True), f(x, 2.5), f(x, 4), f(x, -5), f(x, -6))
