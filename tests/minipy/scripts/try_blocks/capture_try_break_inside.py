# A graph break inside a try block (the print) after tensor work: the graph computes
# x * 2, and the generated code runs the print with the block's handler as a second
# continuation. The rest of the block after the print is captured in a resume function:
# y + d["k"] and the finally's y * 10 (2 ops). For d = {} that resume function
# recompiles (the guard on d['k']): the lookup, with no graph before it, is a break
# whose KeyError goes to the resume function at the handler. That one is traced with
# the exception as its argument (guarded on its type): the except clause matches,
# y - 1 and the finally's y * 10 (2 ops), no break. The third call hits both entries'
# first.
# explain: graphs=3 graph_breaks=2 ops=5 recompiles=1 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_21 graphs=1 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1 cache_hits=0
# explain-reason: f@21: call of print()
# explain-reason: resume_in_f_at_21@22: key 'k' is not in the dict
# explain-guard: resume_in_f_at_17: type(L['__lasso_stack_0']) is KeyError
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
