# A bare raise in a handler entered with an exception raised outside the trace (fail is disabled and
# raises). f: x + 1 (1 op), the break at fail(). The handler's resume function (16) matches the clause;
# its y - 1 is dead (the exception leaves), so no graph; the raise is a break that generated code runs
# with the state handled before rebuilt, so it re-raises the ValueError, into the cleanup (16_2), whose
# pop_except breaks; the last (16_3) re-raises it out of f to the caller. Two calls, the second hits.
# explain: graphs=1 graph_breaks=4 ops=1 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16_2 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16_3 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: resume_in_f_at_16@23#LB0010: raise statement
# explain-reason: resume_in_f_at_16_3#LB0010: re-raise of an exception raised outside the trace
@disable
def fail():
    raise ValueError("bad")
@capture
def f(x):
    y = x + 1
    try:
        y = y * fail()
    except ValueError:
        y = y - 1
        raise
    return y
for v in (1.0, 2.0):
    try:
        f(tensor([v]))
    except ValueError as e:
        print("caller caught", e)
