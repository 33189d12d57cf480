# A list, dict or tuple that holds itself through containers alone (`l.append(l)`, or
# a holds b holds a) cannot be built by generated code, nor can a list holding a
# function whose default is the list (defaults are fixed when a function is made):
# the frame runs eagerly, with the reason, and a later call hits the eager entry (f).
# Live at a graph break, such a value stops the break (k runs eagerly).
# explain: graphs=0 graph_breaks=5 ops=0 recompiles=0 frames_captured=0
# explain-frame: f graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: g graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: m graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: k graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: d graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-reason: f@21: contains itself outlives the trace
# explain-reason: g@31: contains itself outlives the trace
# explain-reason: m@40: contains itself outlives the trace
# explain-reason: k@48: contains itself outlives the trace
# explain-reason: d@58: contains itself outlives the trace
@capture
def f(x):
    l = [x * 2]
    l.append(l)
    return l
r = f(tensor([1.0]))
print(r[0], r[1] is r, len(r))
r = f(tensor([3.0]))
print(r[0], r[1][1][0], r[1] is r)

@capture
def g(x):
    d = {"t": x + 1}
    d["self"] = d
    return d
d = g(tensor([1.0]))
print(d["t"], d["self"] is d)

@capture
def m(x):
    a = [x]
    b = (a, x + 1)
    a.append(b)
    return a
a = m(tensor([1.0]))
print(a[1][0] is a, a[1][1])

@capture
def k(x):
    l = [x]
    l.append(l)
    print("break")
    return l[0] * 3
print(k(tensor([2.0])))

@capture
def d(x):
    l = [x + 1]
    def get(a=l):
        return a
    l.append(get)
    return l
r = d(tensor([1.0]))
print(r[0], r[1]() is r)
