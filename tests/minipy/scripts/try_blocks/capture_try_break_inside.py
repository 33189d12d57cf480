# A graph break inside a try block (the print) after tensor work: the graph computes
# x * 2, and the print runs in the resume function, which holds the handler and the
# finally. That resume function starts at the print with no graph before it, so it
# runs eagerly (the rest of the block with it). The dict lookup is only in the resume
# function, so f's single entry serves the call whose lookup raises KeyError too.
# explain: graphs=1 graph_breaks=2 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_14 graphs=0 unsupported=1 breaks=0 cache_entries=1 calls=3 cache_hits=2
# explain-reason: f@14: call of print()
@capture
def f(x, d):
    y = x * 2
    try:
        print("in try")
        y = y + d["k"]
    except KeyError:
        y = y - 1
    finally:
        y = y * 10
    return y
print(f(tensor([1.0]), {"k": 1}))
print(f(tensor([1.0]), {}))
print(f(tensor([2.0]), {"k": 1}))
