# The truth of a dict view is whether its dict has entries now (`if d.keys():`, also
# after a store into the dict in the trace), and `in` on an items view finds a
# (key, value) pair: the key in the dict and its value equal (or the same tensor);
# anything but a pair is never in it. The dict from the frame has its keys and
# values guarded, so the second call (another dict with the same items) hits.
#
# views, call 1 (d = {'a': 1, 'b': x}): d.keys() true (+1), e = {} false, e after a
# store true (*2), ('a', 1) in items (+3), ('a', 2) not (-), ('b', x) in items (*x),
# 'a' and ['a', 1] never in it: four ops. Call 2: a cache hit. Call 3 (d empty):
# the dict's length changed, a recompile: no view is true, e after the store is (*2),
# no pair is in it: one op.
# explain: graphs=2 graph_breaks=0 ops=5 recompiles=1 frames_captured=2
# explain-frame: views graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=4,1
@capture
def views(x, d):
    y = x
    if d.keys():
        y = y + 1
    e = {}
    if e.values():
        y = y - 100
    e['k'] = 3
    if e.items():
        y = y * 2
    if ('a', 1) in d.items():
        y = y + 3
    if ('a', 2) in d.items():
        y = y - 7
    if ('b', x) in d.items():
        y = y * x
    if 'a' in d.items() or ['a', 1] in d.items():
        y = y - 11
    return y


t = tensor([1.0, 2.0])
print(views(t, {'a': 1, 'b': t}))
print(views(t, {'a': 1, 'b': t}))
print(views(t, {}))
