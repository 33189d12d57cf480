# `del a` after the break needs a bound: liveness counts it as a use, so f passes a on
# (a second graph output) and the resume function deletes it without reading it (its
# graph's only input is b). In g, `del a` comes before the print: a is unbound at the
# break, so g's graph outputs only b and the resume function just returns it.
# explain: graphs=3 graph_breaks=2 ops=5 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 outputs=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 inputs=1 outputs=1 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_24 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@16: print
# explain-reason: g@24: print
@capture
def f(x):
    a = x * 2
    b = x + 1
    print("p")
    del a
    return b * 3
@capture
def g(x):
    a = x * 2
    b = a + 1
    del a
    print("q")
    return b
print(f(tensor([1, 2])), f(tensor([3, 4])))
print(g(tensor([1, 2])), g(tensor([3, 4])))
