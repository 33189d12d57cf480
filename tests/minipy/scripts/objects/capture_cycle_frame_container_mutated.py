# A list and a dict from the caller (frame values, with sources) mutated to hold
# themselves: neither is rebuilt, only the mutation is replayed on the caller's object
# (l.extend with l itself and x * 2; d's new keys stored in order). grow: 1 graph of
# 2 ops (x * 2, x + 1); nest: 1 graph of 1 op (x - 1; d["inner"] holds x itself, an
# input). One call each.
# explain: graphs=2 graph_breaks=0 ops=3 recompiles=0 frames_captured=2
# explain-frame: grow graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1 cache_hits=0
# explain-frame: nest graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
@capture
def grow(l, x):
    l.append(l)
    l.append(x * 2)
    return x + 1

@capture
def nest(d, x):
    d["me"] = d
    d["inner"] = [d, x]
    return x - 1

l = [1]
print(grow(l, tensor([1.0])), l[1] is l, l[2], len(l), l[1][1][0])
d = {"a": 0}
x = tensor([2.0])
print(nest(d, x), list(d.keys()), d["me"] is d, d["inner"][0] is d, d["inner"][1] is x)
