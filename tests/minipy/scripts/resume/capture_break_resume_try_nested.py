# Nested try blocks after tensor work: the break comes before the inner try (the first
# instruction under the outer handler); x is dead there, so the resume function takes
# n and y. An exception raised in the inner block runs the inner finally, then the
# outer handler.
# explain: graphs=1 graph_breaks=2 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_13 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=2 cache_hits=1
# explain-reason: f@13: a try or with block starts
@capture
def f(x, n):
    y = x - 1
    try:
        try:
            if n > 1:
                raise ValueError("big")
            y = y * 3
        finally:
            print("inner finally")
    except ValueError as e:
        print("caught", e)
        y = y + 100
    return y
print(f(tensor([1.0, 2.0]), 1))
print(f(tensor([1.0, 2.0]), 2))
