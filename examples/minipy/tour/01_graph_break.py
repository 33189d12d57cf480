# A graph break: print() runs in the interpreter. Graph 0 is x * y; a generated resume
# function, resume_in_f_at_10, continues after the print and is captured in its turn
# (graph 0 of resume_in_f_at_10: a + y).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=1
# explain-frame: resume_in_f_at_10 graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=1
@capture
def f(x, y):
    a = x * y
    print("a is", a)
    return a + y

print(f(tensor([1.0, 2.0]), tensor([3.0, 4.0])))
