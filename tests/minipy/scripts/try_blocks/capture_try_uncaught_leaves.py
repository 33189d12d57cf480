# A raise that the handler does not catch (KeyError under except IndexError): the break moves to the raise
# (generated code runs it, the handler its second continuation). n = 1: add, mul; n = 2 recompiles: add. Each
# exception-state step then is a break with no graph (the exception came from outside): the handler's resume
# function re-raises (18), the cleanup's restores the state (pop_except), the last re-raises out of f.
# explain: graphs=2 graph_breaks=4 ops=3 recompiles=1 frames_captured=5
# explain-frame: f graphs=2 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=3 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_11 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_11_2 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_11_3 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-reason: f@16: the exception raised in the trace leaves the function
@capture
def f(x, n):
    y = x + 1
    try:
        if n > 1:
            raise KeyError("k")
        y = y * 2
    except IndexError:
        y = y - 1
    return y
print(f(tensor([1.0]), 1))
try:
    f(tensor([1.0]), 2)
except KeyError as e:
    print("caller caught", e)
