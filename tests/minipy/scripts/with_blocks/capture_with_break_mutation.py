# List appends before and after a break inside a no_grad() block: the first is
# replayed before the print (which sees it), the second by the resume function's code.
# The print runs in the interpreter, so the trace never reads the list: both functions
# guard its type alone and hit the cache although it grows. f: set, mul, set; the
# resume function: set, add, set (3 ops each).
# explain: graphs=2 graph_breaks=1 ops=6 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_14 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
@capture
def f(x, log):
    with no_grad():
        log.append(1)
        y = x * 2
        print("log", log)
        log.append(2)
        y = y + 1
    return y


log = []
x = tensor([1.0, 2.0])
print(f(x, log), log)
print(f(x, log), log)
