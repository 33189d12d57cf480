# An enumerate iterator held in a local (it) and by the for loop (on the stack) at a
# break must stay one object: the first loop stops after two items and list(it) gets the
# last two, so x + 3x + 4x (list() of an iterator made outside the trace breaks). The generated code makes the iterator once, kept in a temporary for both. A first resume code at line 20 is made by an attempt that does not run, so the one that runs is named resume_in_f_at_20_2.
# explain: graphs=2 graph_breaks=4 ops=5 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=1
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=2 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_16 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: resume_in_f_at_20_2 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1
# explain-reason: f@17: print
# explain-reason: resume_in_f_at_17@16: for_iter
# explain-reason: resume_in_f_at_17@20: iteration over a 'enumerate' object
# explain-reason: resume_in_f_at_16@17: print
@capture
def f(x):
    it = enumerate([x, x * 2, x * 3, x * 4])
    for i, t in it:
        print("first", i)
        if i == 1:
            break
    rest = list(it)
    for i, t in rest:
        x = x + t
    return x
print(f(tensor([1, 2])))
