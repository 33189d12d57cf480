# d.keys(), d.values() and d.items() are views of the dict: live (a store after the view
# was made shows through it), iterated by reading the dict as the loop advances, and
# made again by calling the method on the dict where they outlive the trace (ks is
# returned). list.index finds an item by equality. The stores into the dicts from the
# frame are side effects replayed after the graph; the second call of views passes a
# new dict of the same items, so its guards hold. In keep, the view is live at the
# print() break: the code at the break makes it again with d.keys(), and the resume
# function (one add) gets it as an object and returns it.
# explain: graphs=3 graph_breaks=1 ops=7 recompiles=0 frames_captured=4
# explain-frame: views graphs=1 cache_entries=1 calls=2 cache_hits=1 ops=4
# explain-frame: bump graphs=1 cache_entries=1 calls=1 ops=2
# explain-frame: keep graphs=0 breaks=1 calls=1
# explain-frame: resume_in_keep_at_38 graphs=1 ops=1 calls=1
@capture
def views(x, d, xs):
    ks = d.keys()
    vs = d.values()
    d['new'] = 10
    total = x
    for k, v in d.items():
        total = total + v
    n = len(ks) + xs.index(5) + [1, 2, 3].index(3)
    has = 'a' in ks and 10 in vs and ('q' not in d.keys())
    return total * n, list(ks), sorted(vs), has, ks, list(zip(d.keys(), d.values()))


@capture
def bump(x, d):
    for k, v in d.items():
        d['b'] = 100
        x = x + v
    return x


@capture
def keep(x, d):
    ks = d.keys()
    print('keys')
    d['z'] = 0
    return x + 1, ks


x = tensor([1.0, 2.0])
xs = [4, 5, 6]
d = {'a': 1, 'b': 2}
print(views(x, d, xs), d)
print(views(x, {'a': 1, 'b': 2}, xs))
d = {'a': 1, 'b': 2}
print(bump(x, d), d)
print(keep(x, d), d)
