# Breaks at calls of print with keyword arguments: the generated code emits the keyword
# names again before the call. In f, x * 2 is on the stack at the break (a graph
# output). g's three prints are three breaks; only x.sum() makes a graph.
# explain: graphs=3 graph_breaks=4 ops=3 recompiles=0 frames_captured=6
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: g graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_21 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_22 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_23 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@17: print
# explain-reason: g@21: print
# explain-reason: resume_in_g_at_21@22: print
# explain-reason: resume_in_g_at_22@23: print
@capture
def f(x):
    print("y", x * 2, sep=" = ", end="!\n")
    return x + 1
@capture
def g(x):
    print("a", end="")
    print(x.sum(), end="|")
    print(sep="-")
    return x
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
print(g(tensor([1, 2])))
print(g(tensor([3, 4])))
