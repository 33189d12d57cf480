# A while loop on a constant counter inside a no_grad() block, unrolled: set, mul,
# mul, mul, set (5 ops).
# explain: graphs=1 graph_breaks=0 ops=5 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=5
@capture
def f(x):
    n = 0
    with no_grad():
        while n < 3:
            x = x * 2
            n = n + 1
    return x, n, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
