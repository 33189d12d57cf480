# A graph break inside a loop over a long range leaves the range's iterator live: the
# generated code makes it again as the range of the items not yet given (range(1,
# 10**9, 1) after the first), by calling range, not by listing a billion constants.
# f compiles x + 0 and breaks at print; resume_in_f_at_25 gets the iterator, an
# object made outside its trace, and breaks at the for loop (hit by its 2nd and 3rd
# calls); resume_in_f_at_21 runs the body for i = 1 and 2 (specialized on i, x + i,
# break at print) and for i = 3, where the loop ends and x is returned. A range live
# at a graph break in two locals is made once (g: `a is r` holds in its resume
# function, which compiles x + 1).
# explain: graphs=4 graph_breaks=5 ops=4 recompiles=2 frames_captured=7
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_25 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_21 graphs=2 unsupported=0 breaks=2 cache_entries=3 recompiles=2 ops=2 calls=3 cache_hits=0
# explain-frame: g graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: resume_in_g_at_32 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-reason: g@32: print
# explain-reason: f@25: print
# explain-reason: resume_in_f_at_25@21: for_iter on a 'range_iterator' object made outside the trace
@capture
def f(x, n):
    for i in range(10 ** 9):
        if i >= n:
            break
        x = x + i
        print("i =", i)
    return x
print(f(tensor([1.0, 2.0]), 3))
@capture
def g(x):
    r = range(4)
    a = r
    print("break")
    return a is r, x + 1
print(g(tensor([1.0])))
