# A dict that holds itself (`d["self"] = d`), and a list in it that holds the dict,
# returned. Generated code makes the dict empty, then stores its items in their order
# ("t", "self", "pair", "n"); the list is built once the dict exists (it holds the
# dict's temporary), so `d["pair"][0] is d`. Captured whole: 1 graph of 2 ops (x + 1,
# x * 3), one call.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: g graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1 cache_hits=0
@capture
def g(x):
    d = {"t": x + 1}
    d["self"] = d
    d["pair"] = [d, x * 3]
    d["n"] = 4
    return d

d = g(tensor([1.0]))
print(list(d.keys()), d["t"], d["self"] is d, d["pair"][0] is d, d["pair"][1], d["n"])
print(d["self"]["self"]["pair"][1], len(d))
