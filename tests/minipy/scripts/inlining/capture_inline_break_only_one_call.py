# A helper that breaks only when asked to (a constant branch): called twice, the first
# call breaks inside it, and f's resume function inlines the rest of that call and all
# of the second, which does not break; one break, two graphs.
# explain: graphs=2 graph_breaks=1 ops=5 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_15_via_scale_at_11 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 calls=2 cache_hits=1
# explain-reason: f@11: call of print() (in an inlined call: f line 15 > scale line 11)
def scale(v, loud):
    w = v * 2.0
    if loud:
        print("scaling")
    return w + 1.0
@capture
def f(x):
    a = scale(x, True)
    b = scale(x, False)
    return a * b
print(f(tensor([1.0, 2.0])))
print(f(tensor([-1.0, 0.5])))
