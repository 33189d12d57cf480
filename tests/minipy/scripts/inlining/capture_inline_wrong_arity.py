# A call with too many arguments is not inlined: f breaks at it (after x + 1.0) and the
# interpreter raises the TypeError, which leaves f; the resume function never runs.
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-reason: f@11: call of 'one' with 2 positional arguments (it takes 1)
def one(v):
    return v * 2.0
@capture
def f(x):
    a = x + 1.0
    return one(a, a)
try:
    f(tensor([1.0]))
except TypeError:
    print("TypeError")
