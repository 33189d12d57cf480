# A dict made in a helper is live across the helper's print: it is built in f's code
# and passed to the helper's resume function, where it is a value from the frame, so
# the item assignment after the print is a side effect, replayed after the graph; the
# read of d["sum"] after it, back in f, sees the stored tensor.
# explain: graphs=2 graph_breaks=1 ops=5 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17_via_pack_at_12 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 outputs=2 calls=2 cache_hits=1
# explain-reason: f@12: call of print() (in an inlined call: f line 17 > pack line 12)
#
def pack(v):
    d = {"double": v * 2.0, "half": v * 0.5}
    print("packed", len(d))
    d["sum"] = d["double"] + d["half"]
    return d
@capture
def f(x):
    out = pack(x + 1.0)
    return out["sum"] - out["half"]
print(f(tensor([1.0, 2.0])))
print(f(tensor([3.0, -1.0])))
