# A graph break two calls deep: leaf calls graph_break(), so leaf cannot be inlined
# into mid, nor mid into f; f breaks at its call of mid, which the interpreter runs
# whole. exp before the break, a + b in the resume function.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@16: call of function 'mid' (not inlined: call of function 'leaf' (not inlined: graph_break() called, line 9), line 12)
def leaf(v):
    graph_break()
    return v * 3.0
def mid(v):
    return leaf(v + 1.0) - 1.0
@capture
def f(x):
    a = x.exp()
    b = mid(a)
    return a + b
print(f(tensor([0.0, 1.0])))
print(f(tensor([2.0, -1.0])))
