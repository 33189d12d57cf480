@disable
def helper(t):
    return t * 3

@capture
@disable
def never(t):
    return t + 5

@disable
@capture
def never_either(t):
    u = t - 2
    graph_break()
    return u * 2

@capture
def f(x):
    y = x + 1
    z = helper(y)
    return z - 1

print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0])))
print(never(tensor([1.0])))
print(never_either(tensor([1.0])))
print(disable(3))

# disable(fn) in both orders with @capture: never and never_either are never
# translated (no frame in the report, their graph_break() breaks nothing). helper is
# not inlined into f: its call is a graph break (LB0028), the graph before it holds
# x + 1, and the resume function's z - 1. The second call of f hits both entries.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_20 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@20#LB0028: call of function 'helper', which is disabled for capture
