# Breaks in some arms of an if/elif/else on a constant string: "pause" breaks at
# graph_break() (y + 1 resumes at line 15), "log" at the print (the resume function
# only returns y), any other mode is captured whole (x * 3 and y - 1). mode is guarded,
# so each mode is one entry of f; the repeats hit.
# explain: graphs=4 graph_breaks=2 ops=5 recompiles=2 frames_captured=5
# explain-frame: f graphs=3 unsupported=0 breaks=2 cache_entries=3 recompiles=2 ops=4 graph_ops=1,1,2 calls=5 cache_hits=2
# explain-frame: resume_in_f_at_15 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@15: graph_break
# explain-reason: f@18: print
@capture
def f(x, mode):
    y = x * 3
    if mode == "pause":
        graph_break()
        y = y + 1
    elif mode == "log":
        print("log", y)
    else:
        y = y - 1
    return y
x = tensor([1, 2])
for mode in ["pause", "log", "other", "pause", "log"]:
    print(mode, f(x, mode))
