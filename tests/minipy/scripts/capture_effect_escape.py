# Objects made during tracing that a side effect stores into a value from the frame
# outlive the trace. A list is built by the generated code, once: the list stored in
# d and the one returned are the same object, with both items. An instance of a user
# class cannot be built by generated code yet, so, as when one is returned, the graph
# breaks at its constructor instead, and the resume function appends the real object
# (a frame value there). keep reads nothing of out before the break, so its second
# call hits; the resume function only appends to out, so it hits too (out grew). An
# object that dies in the trace is never built.
# explain: graphs=4 graph_breaks=1 ops=5 recompiles=0 frames_captured=4
# explain-frame: keep graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_keep_at_20 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: store_new_list graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: dies graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: keep@20: stored into a value from the frame
class Point:
    def __init__(self, x):
        self.x = x
@capture
def keep(x, out):
    p = Point(x + 1)
    out.append(p)
    return x * 2
@capture
def store_new_list(x, d):
    fresh = [x * 3]
    d["fresh"] = fresh
    fresh.append(1)
    return fresh
@capture
def dies(x):
    p = Point(x * 4)
    return p.x + 1
out = []
print(keep(tensor([1.0]), out), len(out), out[0].x)
print(keep(tensor([2.0]), out), len(out), out[1].x)
d = {}
r = store_new_list(tensor([1.0]), d)
print(r, d["fresh"] is r, len(d["fresh"]))
print(dies(tensor([1.0])), dies(tensor([2.0])))
