# Cycles through a tuple, which cannot be given items after it is made: the list on
# the cycle is made empty first, the tuple is built holding it, and the list is filled
# after. holder returns the list (the tuple is its second item), tup the tuple itself
# (built from the still empty list, which gets its items once the tuple exists), deeper
# a list of a tuple nested in a tuple, with a list that holds the outer tuple and
# itself. Each is captured whole: 1 graph of 1 op each (x + 1, x + 2, x - 1).
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=0 frames_captured=3
# explain-frame: holder graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=1
# explain-frame: tup graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=1
# explain-frame: deeper graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=1
@capture
def holder(x):
    l = [x]
    t = (l, x + 1)
    l.append(t)
    return l

@capture
def tup(x):
    l = [x]
    t = (l, x + 2)
    l.append(t)
    return t

@capture
def deeper(x):
    l = []
    t = (x - 1, (l, 3))
    l.append(t)
    l.append(l)
    return [t, l]

a = holder(tensor([1.0]))
print(a[1][0] is a, a[1][1], a[0], len(a))
t = tup(tensor([1.0]))
print(t[0][1] is t, t[1], t[0][0], len(t[0]))
r = deeper(tensor([1.0]))
print(r[0][1][0] is r[1], r[1][0] is r[0], r[1][1] is r[1], r[0][0], r[0][1][1])
