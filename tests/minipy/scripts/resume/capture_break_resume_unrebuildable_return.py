# A resume function whose return value cannot be made in bytecode (an iterator, which
# would come back as another type) runs eagerly: an "unsupported" record and an eager
# entry, hit by the second call; its reason carries the line of the return. A range
# can be made: generated code calls the builtin that made it again, so f's resume
# function (y from f's graph, and range(3)) is captured, with no graph, and its second
# call is a cache hit. f compiles y = x * 2; g's x + 1 is not captured.
# explain: graphs=1 graph_breaks=3 ops=1 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: g graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_22 graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@18: print
# explain-reason: g@22: graph_break
# explain-reason: resume_in_g_at_22@23: the return value cannot be rebuilt
@capture
def f(x):
    y = x * 2
    print("p")
    return y, range(3)
@capture
def g(x):
    graph_break()
    return enumerate([x, x + 1])
print(f(tensor([1, 2])), f(tensor([3, 4])))
print(list(g(tensor([1, 2]))), list(g(tensor([5, 6]))))
