# A dict made in the frame is changed during tracing (an item stored, one deleted) and
# made again at the print with the items it has then; in the resume function it is a
# parameter, a value from the frame, so storing into it is a side effect: replayed
# after the resume function's graph, with no graph break.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_15 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@15: print
#
@capture
def f(x):
    d = {"drop": x}
    d["a"] = x * 2
    del d["drop"]
    print("size", len(d))
    d["b"] = x + 1
    return d
print(f(tensor([1, 2])))
print(f(tensor([3, 4])))
