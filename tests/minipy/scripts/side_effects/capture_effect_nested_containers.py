# Mutations of containers inside containers from the frame: a list in a dict, a dict
# and a list in a list, one of them also reached through a local. Each is its own
# recorded mutation, replayed after the graph; reads after the writes see them. The
# inner list's length is guarded, so the second call translates again.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: nest graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
@capture
def nest(x, d, rows):
    d["xs"].append(x * 2)
    rows[0]["k"] = x + 1
    rows[1][0] = len(d["xs"])
    inner = rows[1]
    inner.append(7)
    return len(rows[1]), d["xs"][-1]
d = {"xs": []}
rows = [{"k": 0}, [0]]
print(nest(tensor([1.0]), d, rows))
print(len(d["xs"]), rows[0]["k"], rows[1])
print(nest(tensor([2.0]), d, rows))
print(len(d["xs"]), rows[0]["k"], rows[1])
