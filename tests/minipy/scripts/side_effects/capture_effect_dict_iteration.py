# A dict iterator reads the dict's keys in order, and the interpreter raises when the
# dict's size changes during the loop. The trace cannot raise for it: when a key is
# added (to an argument) or deleted (from a dict made in the frame) while a loop goes
# over the dict, the frame runs eagerly from its start, with no graph break, and the
# interpreter raises RuntimeError. Storing values of existing keys during the loop is
# a side effect like any other.
# explain: graphs=1 graph_breaks=2 ops=2 recompiles=0 frames_captured=1
# explain-frame: grow graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-frame: rescale graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 outputs=2 calls=1
# explain-frame: made_here graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: grow@15: dictionary changed size during iteration
# explain-reason: made_here@29: dictionary changed size during iteration
@capture
def grow(x, d):
    for k in d:
        d[k + "x"] = x
    return x
@capture
def rescale(x, e):
    for k in e:
        e[k] = x * 2
    return len(e)
@capture
def made_here(x):
    m = {"a": x, "b": x + 1}
    for k in m:
        m[k] = m[k] * 3
    total = m["a"]
    for k in m:
        del m[k]
    return total
d = {"a": 1}
try:
    grow(tensor([1.0]), d)
except RuntimeError as err:
    print("RuntimeError", err)
print(sorted(d.keys()))
e = {"a": 1, "b": 2}
print(rescale(tensor([1.0]), e), e)
try:
    print(made_here(tensor([2.0])))
except RuntimeError as err:
    print("RuntimeError", err)
