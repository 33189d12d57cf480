# Ten locals before a print, four of them live after it (g, a, k, n): f's graph keeps
# its six ops but outputs only g and a; b, c, d, e, h, m (and x) are dead and not
# passed on. The resume function's graph reads its two tensor parameters (g + a); the
# constants k and n are guarded in it by value.
# explain: graphs=2 graph_breaks=1 ops=7 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=6 inputs=1 outputs=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_21 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 inputs=2 outputs=1 calls=2 cache_hits=1
# explain-reason: f@21: print
@capture
def f(x):
    a = x + 1
    b = x + 2
    c = x * 3
    d = a * b
    e = c - 1
    g = d + e
    h = 5
    k = "label"
    m = [1, 2]
    n = h * 2
    print("break")
    return g + a, k, n
print(f(tensor([1, 2])))
print(f(tensor([0, -1])))
