# A return inside try/finally after tensor work: the graph computes y, the resume
# function (run eagerly) returns y * 2 and runs the finally block on the way out.
# explain: graphs=1 graph_breaks=2 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_11 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=2 cache_hits=1
# explain-reason: f@11: a try or with block starts
@capture
def f(x):
    y = x + 1
    try:
        return y * 2
    finally:
        print("finally")
print(f(tensor([1.0])))
print(f(tensor([2.0])))
