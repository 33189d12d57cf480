@disable
def leaf(t):
    return t - 1

def mid(t):
    u = t * 2
    return leaf(u) + 3

@capture
def f(x):
    return mid(x + 1) * 4

print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0])))

# mid is inlined, leaf is not: a graph break inside the inlined call (LB0028). The
# graph before it holds x + 1 and t * 2; the frame's resume function continues mid
# (+ 3) and f (* 4) in one graph. Both entries hit on the second call.
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_11_via_mid_at_7 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@7#LB0028: call of function 'leaf', which is disabled for capture (in an inlined call: f line 11 > mid line 7)
