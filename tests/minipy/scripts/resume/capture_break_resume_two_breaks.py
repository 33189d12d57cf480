# Two breaks with different live locals: at the print a, x and w are live (a is f's
# graph output, x and w are reloaded from f's arguments); at graph_break() only b and w.
# Each frame is guarded on the tensors it reads, so the 3-element call translates all.
# explain: graphs=6 graph_breaks=4 ops=6 recompiles=3 frames_captured=6
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 inputs=2,2 outputs=1,1 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_13 graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 inputs=2,2 outputs=1,1 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_15 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 inputs=2,2 outputs=1,1 calls=3 cache_hits=1
# explain-reason: f@13: print
# explain-reason: resume_in_f_at_13@15: graph_break
@capture
def f(x, w):
    a = x * w
    print("first")
    b = a + x
    graph_break()
    return b * w
print(f(ones(2), tensor([2.0, 3.0])))
print(f(tensor([1.0, -1.0]), tensor([0.5, 4.0])))
print(f(ones(3), tensor([1.0, 2.0, 3.0])))
