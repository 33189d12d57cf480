# Objects made during tracing that a side effect stores into a value from the frame
# outlive the trace, and the generated code builds them. A list is built once: the
# list stored in d and the one returned are the same object, with both items. A Point
# is built as a bare instance whose x is the graph's output (x + 1), then appended to
# out by the replay (out is only appended to, so it is not read: the second call hits
# although out grew). An object that dies in the trace is never built.
# explain: graphs=3 graph_breaks=0 ops=5 recompiles=0 frames_captured=3
# explain-frame: keep graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: store_new_list graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: dies graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
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
