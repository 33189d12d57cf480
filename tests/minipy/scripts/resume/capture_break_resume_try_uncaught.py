# An exception raised in a try block after tensor work that its handler does not
# catch reaches the caller's handler as it would eagerly. The first call traces the
# whole try block (mul, add: 2 ops). The second call misses the guard on d['k'] and
# recompiles: mul (1 op), then d["k"] would raise KeyError under the handler: a graph
# break whose generated code runs the lookup with the handler as its second
# continuation. The KeyError goes to the resume function at the handler, which runs
# eagerly (the exception comes from outside its trace) and re-raises it.
# explain: graphs=2 graph_breaks=2 ops=3 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=3 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_13 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=1 cache_hits=0
# explain-reason: f@17: key 'k' is not in the dict
# explain-reason: resume_in_f_at_13: push_exc_info of an exception raised outside the trace
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
