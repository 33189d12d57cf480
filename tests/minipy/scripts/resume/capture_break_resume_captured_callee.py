# A captured function calling a captured function that breaks: outer inlines inner,
# whose print is a graph break inside the inlined call (x - 1 and x * 2 before it; the
# rest of inner and of outer, y + 1 and a + b, in outer's resume function). Called
# directly, inner is captured on its own (x * 2, the print, y + 1 in its resume
# function); a new shape recompiles inner and its resume only.
# explain: graphs=6 graph_breaks=3 ops=8 recompiles=2 frames_captured=6
# explain-frame: inner graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_inner_at_15 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: outer graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_outer_at_20_via_inner_at_15 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: outer@15: call of print() (in an inlined call: outer line 20 > inner line 15)
@capture
def inner(x):
    y = x * 2
    print("inner")
    return y + 1
@capture
def outer(x):
    a = x - 1
    b = inner(a)
    return a + b
print(outer(tensor([1, 2])))
print(outer(tensor([3, 4])))
print(inner(tensor([5, 6])))
print(inner(tensor([1, 2, 3])))
