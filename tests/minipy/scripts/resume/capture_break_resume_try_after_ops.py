# Tensor work before a try block is one graph; the block, with its handler, runs in a
# resume function that keeps the exception table (run eagerly: handlers are not
# captured). Without graph work before the block (g) the frame runs eagerly.
# explain: graphs=1 graph_breaks=3 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_15 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=3 cache_hits=2
# explain-frame: g graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=1 cache_hits=0
# explain-reason: f@15: a try or with block starts
# explain-reason: resume_in_f_at_15@15: code inside a try or with block
# explain-reason: g@24: code inside a try or with block
@capture
def f(x, y):
    z = x * 2
    try:
        r = z / y
        print("in try")
    except ZeroDivisionError:
        r = z * 0.0
    return r + 1
@capture
def g(x):
    n = 3 * 4
    try:
        return x + n
    finally:
        print("finally")
print(f(tensor([1.0, 2.0]), tensor([4.0, 8.0])))
print(f(tensor([1.0, 2.0]), 0))
print(f(tensor([1.0, 2.0]), tensor([4.0, 8.0])))
print(g(tensor([1.0])))
