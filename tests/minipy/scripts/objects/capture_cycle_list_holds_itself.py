# A list the trace makes and appends to itself (`l.append(l)`), returned: generated
# code makes it empty, keeps it in a temporary and appends its items in order (x * 2,
# the list itself, 3), so the caller gets one list whose second item is that list.
# Captured whole: 1 graph of 1 op (x * 2). The second call (same shape) is a cache hit
# and gets a new list, not the first call's.
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
@capture
def f(x):
    l = [x * 2]
    l.append(l)
    l.append(3)
    return l

a = f(tensor([1.0]))
print(a[0], a[1] is a, a[2], len(a), a)
b = f(tensor([3.0]))
print(b[0], b[1][1][0], b[1] is b, b is a, a[1] is a)
