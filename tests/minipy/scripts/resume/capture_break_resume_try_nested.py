# Nested try blocks after tensor work, traced. n = 1: x - 1 and y * 3 (2 ops), then the
# inner finally's print on the normal path, under the outer handler: the generated
# code runs it with that handler as its second continuation, and the resume function
# after it returns y. n = 2 recompiles (n becomes dynamic, the branch guards n > 1):
# x - 1 (1 op), then ValueError("big") is raised in the trace into the inner finally,
# whose print is a graph break: it moves to the raise, which the generated code runs
# with the inner finally's handler as second continuation; that resume function (the
# second made at the function's first line: the handler code has no line) runs the
# finally and the outer handler eagerly (the exception comes from outside its trace).
# explain: graphs=2 graph_breaks=3 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=3 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_24 graphs=0 unsupported=0 breaks=0 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_15_2 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=1 cache_hits=0
# explain-reason: f@24: call of print()
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
