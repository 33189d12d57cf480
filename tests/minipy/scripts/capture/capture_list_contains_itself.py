# A list, dict or tuple that holds itself through containers alone (`l.append(l)`, or
# a holds b holds a) is built by generated code as the interpreter built it: the list
# or dict made empty, then filled (a tuple on the cycle built once the list it holds
# exists). f (twice: 1 graph, x * 2, then a cache hit), g (x + 1) and m (x + 1) are
# captured whole; k breaks at print with the list live (no graph before it) and its
# resume function computes l[0] * 3. A list holding a function whose default is the
# list still cannot be built (defaults are fixed when a function is made): d runs
# eagerly, with the reason.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=0 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: m graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: k graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: resume_in_k_at_49 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: d graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-reason: k@49#LB0001: call of print()
# explain-reason: d@59#LB0020: contains itself through a function's defaults
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
