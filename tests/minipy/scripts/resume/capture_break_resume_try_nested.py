# Nested try blocks. n = 1: x - 1, y * 3, then the inner finally's print breaks under the outer handler;
# the resume function after it returns y. n = 2 recompiles: x - 1, ValueError raised in the trace into the
# inner finally, whose print moves the break to the raise. Then one resume function per step of the
# exceptional path (no graph, the exception from outside): the finally's print (18_2), its re-raise (27_2),
# the cleanup's pop_except (18_3), the re-raise to the outer handler (18_4), whose print breaks (18); y + 100
# then pop_except (29), and the rest returns (18_6).
# explain: graphs=3 graph_breaks=8 ops=4 recompiles=1 frames_captured=10
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=3 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_27 graphs=0 unsupported=0 breaks=0 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_18_2 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_27_2 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_18_3 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_18_4 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_29 graphs=1 unsupported=0 breaks=1 cache_entries=1 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_18_6 graphs=0 unsupported=0 breaks=0 cache_entries=1 calls=1 cache_hits=0
# explain-reason: f@27: call of print()
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
