# An exception raised in a try block after tensor work that its handler does not
# catch leaves the resume function and the generated code of f, and reaches the
# caller's handler as it would eagerly.
# explain: graphs=1 graph_breaks=2 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_12 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=2 cache_hits=1
# explain-reason: f@12: a try or with block starts
@capture
def f(x, d):
    y = x * 2
    try:
        v = d["k"]
    except IndexError:
        v = 0
    return y + v
print(f(tensor([1.0]), {"k": 1}))
try:
    f(tensor([1.0]), {})
except KeyError as e:
    print("KeyError", e)
