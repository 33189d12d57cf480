# Containers that hold objects made in the trace, whose attributes lead back to the
# containers, are built as the interpreter built them: each object first, then the
# containers, then the attributes. two_objects returns a tuple whose list holds an
# object pointing back at the tuple; dict_obj a dict and an object pointing at each
# other; nested_lists an object two lists deep pointing at both; broken_at has such a
# list live at a graph break and stored into an argument (a side effect); inlined gets
# the object from an inlined helper. Each compiles one op.
# explain: graphs=5 graph_breaks=1 ops=5 recompiles=0 frames_captured=6
# explain-frame: two_objects graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: dict_obj graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: nested_lists graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: broken_at graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_broken_at_at_60 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: inlined graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-reason: broken_at@60: print
class Node:
    pass


@capture
def two_objects(x):
    a = Node()
    b = Node()
    l = [a, x * 2]
    t = (l, b)
    a.up = t
    b.up = l
    a.other = b
    return t
t = two_objects(tensor([1.0]))
print(t[0][1], t[0][0].up is t, t[1].up is t[0], t[0][0].other is t[1])

@capture
def dict_obj(x):
    n = Node()
    d = {"n": n, "v": x - 1}
    n.d = d
    n.v = x
    return d, n
d, n = dict_obj(tensor([1.0]))
print(d["v"], d["n"] is n, n.d is d, n.v)

@capture
def nested_lists(x):
    n = Node()
    inner = [n]
    outer = [inner, x + 1]
    n.outer = outer
    n.inner = inner
    return outer
o = nested_lists(tensor([1.0]))
print(o[1], o[0][0].outer is o, o[0][0].inner is o[0])

@capture
def broken_at(x, arg):
    n = Node()
    l = [n, x * 3]
    n.l = l
    arg.append(l)
    print("break")
    return l
arg = []
l = broken_at(tensor([1.0]), arg)
print(arg[0] is l, l[0].l is l, l[1])

def helper(x):
    n = Node()
    l = [n, x]
    n.l = l
    return n
@capture
def inlined(x):
    n = helper(x + 1)
    return n.l
l = inlined(tensor([1.0]))
print(l[1], l[0].l is l)
