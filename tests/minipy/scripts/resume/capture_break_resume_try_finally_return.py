# A return inside try/finally after tensor work: the graph computes y and y * 2 (the
# try block is traced); the finally body on the return path breaks at its print in
# the generated code, and the resume function after it returns the value.
# explain: graphs=1 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_14 graphs=0 unsupported=0 breaks=0 cache_entries=1 calls=2 cache_hits=1
# explain-reason: f@14: call of print()
@capture
def f(x):
    y = x + 1
    try:
        return y * 2
    finally:
        print("finally")
print(f(tensor([1.0])))
print(f(tensor([2.0])))
