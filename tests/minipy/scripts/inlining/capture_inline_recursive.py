# Recursion is not inlined: inlining fact(4) meets the call of fact inside fact, which
# is a graph break inside the inlined call (no graph before it): the interpreter
# computes fact(3), and the resume function multiplies by n and by x (1 op).
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=2
# explain-frame: f graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_14_via_fact_at_11 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@11: recursive call of function 'fact' (in an inlined call: f line 14 > fact line 11)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)
@capture
def f(x):
    return x * fact(4)
print(f(tensor([1.0, 0.5])))
print(f(tensor([2.0, 2.0])))
