# An exception raised in a try block after tensor work that its handler does not catch reaches the
# caller's handler as it would eagerly. The first call traces the whole block (mul, add: 2 ops). The
# second misses the guard on d['k'] and recompiles: mul (1 op), then d["k"] would raise under the handler:
# the generated code runs the lookup with the handler as its second continuation. The resume function at
# the handler re-raises the KeyError (not IndexError): a break, as are the cleanup's pop_except and its
# re-raise out of f, in two more resume functions (no graph: nothing else is traced there).
# explain: graphs=2 graph_breaks=4 ops=3 recompiles=1 frames_captured=5
# explain-frame: f graphs=2 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=3 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_13 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_13_2 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-reason: f@17: key 'k' is not in the dict
# explain-reason: resume_in_f_at_13@18: re-raise of an exception raised outside the trace
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
