# A dict made during tracing ({"w": x * scale, "b": 1.5}) live at graph_break(): f reads
# scale (guarded), so scale=3 translates it again, but the resume function sees a dict of
# the same shape of items (a float64 tensor and 1.5) and hits its entry.
# explain: graphs=3 graph_breaks=2 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_11 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@11: graph_break
@capture
def f(x, scale):
    d = {"w": x * scale, "b": 1.5}
    graph_break()
    return d["w"] + d["b"], d
x = tensor([1.0, 2.0])
print(f(x, 2))
print(f(x, 3))
