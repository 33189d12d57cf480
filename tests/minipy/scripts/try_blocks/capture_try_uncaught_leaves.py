# A raise that the function's handler does not catch (KeyError under except IndexError)
# leaves the function after the handler re-raises: the graph break moves to the raise,
# which the generated code runs with the handler as its second continuation; the
# resume function at the handler runs eagerly (the exception comes from outside its
# trace), re-raises, and the caller catches the error. n = 1: add, mul (2 ops); n = 2
# recompiles: add (1 op) before the raise.
# explain: graphs=2 graph_breaks=2 ops=3 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=3 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_11 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=1 cache_hits=0
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
