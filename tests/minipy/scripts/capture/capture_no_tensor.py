# Frames without tensors are captured with no graph: pure Python arithmetic folds into
# constants, guarded by the argument values.
# explain: graphs=0 graph_breaks=0 ops=0 recompiles=2 frames_captured=4
# explain-frame: fib_like graphs=0 unsupported=0 cache_entries=2 recompiles=1
# explain-frame: label graphs=0 unsupported=0 cache_entries=2 recompiles=1
@capture
def fib_like(n):
    a, b = 0, 1
    for i in range(n):
        a, b = b, a + b
    k = n
    while k > 1:
        k = k // 2
    return a, k
@capture
def label(name, xs):
    return name + ":" + str(len(xs)) + ":" + str(xs[0] * 2)
print(fib_like(10), fib_like(10), fib_like(20))
print(label("abc", [1, 2, 3]), label("abc", [1, 2, 3]), label("xy", [4, 5]))
