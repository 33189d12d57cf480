# Item stores, deletes, pop and get on a dict argument: side effects replayed after
# the graph. The replay keeps the dict's key order: "a", deleted and stored again,
# moves to the end, as in the interpreter; a key whose value did not change is not
# stored again. The dict's length is guarded: the second call translates again.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2
# explain-frame: update graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=6 calls=2 cache_hits=0
@capture
def update(x, d):
    d["seen"] = d.get("seen", 0) + 1
    old = d.pop("old", None)
    d["y"] = x * 3
    del d["a"]
    d["a"] = x - 1
    return d["y"] + d["a"], old
d = {"a": 1, "old": "gone", "b": 2}
print(update(tensor([1.0]), d))
print(list(d.keys()), d["seen"], d["b"])
print(update(tensor([2.0]), d))
print(list(d.keys()), d["seen"], d["y"], d["a"])
