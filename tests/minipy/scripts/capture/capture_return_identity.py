# Returned inputs keep their identity; a tensor returned twice is one object; a frame
# without tensor operations is captured without a graph.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=0 frames_captured=4
# explain-frame: passthrough graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=1
# explain-frame: twice graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=1 inputs=1 outputs=1
# explain-frame: first graphs=0 unsupported=0 cache_entries=1 recompiles=0
# explain-frame: swap graphs=0 unsupported=0 cache_entries=1 recompiles=0
@capture
def passthrough(x, y):
    return x, y * 2, x
@capture
def twice(x):
    t = x + 1
    return t, t
@capture
def first(pair):
    return pair[0]
@capture
def swap(a, b):
    return b, a
a = tensor([1, 2])
b = tensor([3.0, 4.0])
r = passthrough(a, b)
print(r)
print(r[0] is a, r[2] is a, r[1] is b, r[0] is r[2])
r2 = passthrough(a, b)
print(r2[0] is a, r2[1] is r[1])
t = twice(a)
print(t, t[0] is t[1], t[0] is a)
print(first((a, b)) is a, first((a, b + 1.0)) is a)
s = swap(a, b)
print(s[0] is b, s[1] is a, s)
