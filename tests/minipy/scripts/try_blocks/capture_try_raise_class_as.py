# raise of a class (a subclass of KeyError) caught by a tuple clause with "as e". k = 0:
# x + 0.5 (1 op), then isinstance() of the exception in the handler cannot be traced:
# the graph break moves to the raise, which the generated code runs with the handler as
# its second continuation: a resume function at the handler, traced with the exception
# as its argument (guarded on its type, so isinstance() is a constant): x - 1, x * 10
# (2 ops). k = 1 recompiles: add, mul (2 ops). The third call (k = 0) hits the first
# entry and the handler's resume function.
# explain: graphs=3 graph_breaks=1 ops=5 recompiles=1 frames_captured=3
# explain-frame: f graphs=2 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=3 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_14 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@19: call of isinstance() on a 'Oops' exception made during tracing (not a constant) (while handling the exception raised at line 19)
class Oops(KeyError):
    pass
@capture
def f(x, k):
    x = x + 0.5
    try:
        if k == 0:
            raise Oops
        x = x * 3
    except (IndexError, KeyError) as e:
        x = x - 1
        bad = isinstance(e, Oops)
        x = x * 10 if bad else x
    return x
print(f(tensor([1.0]), 0))
print(f(tensor([1.0]), 1))
print(f(tensor([2.0]), 0))
