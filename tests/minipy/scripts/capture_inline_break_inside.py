# A helper that prints cannot be inlined: the call itself is the graph break. The graph
# before it (x * 2.0) is compiled, the interpreter runs the whole helper (its print and
# its operations, eagerly), and the resume function continues with the helper's result
# on its stack (+ y, 1 op).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_15 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@15: call of function 'noisy' (not inlined: call of print(), line 10)
def noisy(v):
    print("in noisy")
    return v - 1.0
@capture
def f(x, y):
    a = x * 2.0
    return noisy(a) + y
print(f(tensor([1.0, 2.0]), tensor([0.5, 0.5])))
print(f(tensor([3.0, 4.0]), tensor([1.0, 1.0])))
