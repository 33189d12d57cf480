# Frames without tensors: pure Python arithmetic folds into constants, guarded by the
# argument values. fib_like's n changes on the third call, so n is a symbol from then on
# (automatic dynamic): range(n) specializes it again (s0 == 20), and k, halved from n,
# is computed by a graph with no operations from the int input.
# explain: graphs=1 graph_breaks=0 ops=0 recompiles=2 frames_captured=4
# explain-frame: fib_like graphs=1 unsupported=0 cache_entries=2 recompiles=1 graph_ops=0 inputs=1
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
