# Code inside a try block is traced. f: the print in the block is a graph break that
# the generated code runs with the handler as its second continuation (2 ops: mul and
# truediv before it); the resume function after it traces r + 1 (1 op). The second call
# recompiles for y == 0; its graph raises ZeroDivisionError, so the frame runs again
# eagerly and the handler catches it (no resume call). The third call hits entry 0.
# g: the finally body on the return path lies outside the handler (no second
# continuation there); its print breaks in the generated code, and the resume function
# after it returns the value.
# explain: graphs=4 graph_breaks=3 ops=6 recompiles=1 frames_captured=5
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_21 graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_g_at_31 graphs=0 unsupported=0 breaks=0 cache_entries=1 calls=1 cache_hits=0
# explain-reason: f@21: call of print()
# explain-reason: g@31: call of print()
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
