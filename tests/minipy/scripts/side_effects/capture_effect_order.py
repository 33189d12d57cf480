# Replay reads every value it stores before it stores any: swapping two items, and
# moving items between two lists, give the lists the objects the trace put there
# (checked with `is`), whatever order the stores are replayed in. Popping a key and
# storing it again moves it to the end of the dict, as in the interpreter.
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=2
# explain-frame: swap graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: rotate_dict graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1
@capture
def swap(x, a, b):
    a[0], a[1] = a[1], a[0]
    first = b[0]
    b[0] = a[0]
    a[1] = first
    return x + 1, first
@capture
def rotate_dict(x, d):
    v = d.pop("a")
    d["a"] = v
    d["b"] = x
    return len(d)
a = [tensor([1.0]), tensor([2.0])]
b = [tensor([3.0])]
t0, t1, t2 = a[0], a[1], b[0]
print(swap(tensor([0.0]), a, b))
print(a[0] is t1, a[1] is t2, b[0] is t1)
d = {"a": 1, "b": 2, "c": 3}
print(rotate_dict(tensor([1.0]), d), list(d.keys()), d["a"], d["b"])
