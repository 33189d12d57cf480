# A print inside a keyword argument of a call of a function that prints too: the first
# resume function folds `None or 1.0`, pushes 3.0 and inlines combine, whose print is a
# graph break inside the inlined call; the rest of combine and of f (4 ops) is one graph.
# explain: graphs=2 graph_breaks=2 ops=5 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_15_via_combine_at_11 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 calls=2 cache_hits=1
# explain-reason: f@16: print
# explain-reason: resume_in_f_at_16@11: call of print() (in an inlined call: resume_in_f_at_16 line 15 > combine line 11)
def combine(a, b, scale=1.0, shift=0.0):
    print("combine")
    return a * scale + b + shift
@capture
def f(x):
    y = combine(x * 2, x,
                shift=print("s") or 1.0,
                scale=3.0)
    return y + 1
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))
