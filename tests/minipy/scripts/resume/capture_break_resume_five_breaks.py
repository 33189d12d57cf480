# Five breaks in a row, alternating print and graph_break(): each piece between them is
# one operation in its own frame, whose inputs are the two locals it reads and whose
# output is the one local still live afterwards. The last piece only returns e.
# explain: graphs=5 graph_breaks=5 ops=5 recompiles=0 frames_captured=6
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 inputs=1 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_19 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 inputs=2 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_21 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 inputs=2 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_23 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 inputs=2 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_25 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 inputs=2 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_27 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@19: print
# explain-reason: resume_in_f_at_19@21: graph_break
# explain-reason: resume_in_f_at_21@23: print
# explain-reason: resume_in_f_at_23@25: graph_break
# explain-reason: resume_in_f_at_25@27: print
@capture
def f(x):
    a = x + 1
    print("one")
    b = a * x
    graph_break()
    c = b - a
    print("three", c.shape)
    d = c * b
    graph_break()
    e = d + c
    print("five")
    return e
print(f(tensor([1, 2, 3])))
print(f(tensor([-1, 0, 4])))
