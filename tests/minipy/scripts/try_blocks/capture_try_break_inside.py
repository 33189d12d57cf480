# A graph break inside a try block (the print) after tensor work: the graph computes
# x * 2, and the generated code runs the print with the block's handler as a second
# continuation. The rest of the block after the print is captured in a resume function:
# y + d["k"] and the finally's y * 10 (2 ops). For d = {} that resume function
# recompiles (the guard on d['k']): the lookup, with no graph before it, is a break
# whose KeyError goes to the resume function at the handler, which runs eagerly (the
# exception comes from outside its trace). The third call hits both entries' first.
# explain: graphs=2 graph_breaks=3 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_19 graphs=1 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_15 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=1 cache_hits=0
# explain-reason: f@19: call of print()
# explain-reason: resume_in_f_at_19@20: key 'k' is not in the dict
# explain-reason: resume_in_f_at_15: push_exc_info of an exception raised outside the trace
@capture
def f(x, d):
    y = x * 2
    try:
        print("in try")
        y = y + d["k"]
    except KeyError:
        y = y - 1
    finally:
        y = y * 10
    return y
print(f(tensor([1.0]), {"k": 1}))
print(f(tensor([1.0]), {}))
print(f(tensor([2.0]), {"k": 1}))
