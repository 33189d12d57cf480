# A break while an iterator over a tensor's rows is live (f's print inside `for row in
# x`): it is made again from x and advanced past the rows given, and each later pass
# breaks at for_iter in a resume function, where it is opaque. g's loop is over before
# its print: 8 ops (x[0], * 0, three rows, three adds), then a resume function.
# explain: graphs=3 graph_breaks=4 ops=13 recompiles=0 frames_captured=6
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=4 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_21 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=6 cache_hits=5
# explain-frame: resume_in_f_at_19 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=4 cache_hits=3
# explain-frame: resume_in_f_at_22 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=8 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_28 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@21: print
# explain-reason: resume_in_f_at_21@19: for_iter
# explain-reason: resume_in_f_at_19@21: print
# explain-reason: g@28: print
@capture
def f(x):
    acc = x[0] * 0
    for row in x:
        acc = acc + row
        print("row")
    return acc
@capture
def g(x):
    acc = x[0] * 0
    for row in x:
        acc = acc + row
    print("done")
    return acc
x = tensor([[1, 2], [3, 4], [5, 6]])
print(f(x), f(x * 2))
print(g(x), g(x * 2))
