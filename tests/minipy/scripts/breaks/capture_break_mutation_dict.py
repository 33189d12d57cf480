# An item store into a dict argument is a side effect: y = x * 2 and y + 1 are one
# graph, and the generated code stores y into the dict after it (the very tensor the
# graph made). The dict's length (and items) are guarded, so the second call (one key
# more) translates again and the third hits that entry.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: cache_result graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=3 cache_hits=1
@capture
def cache_result(cache, x):
    y = x * 2
    cache["last"] = y
    return y + 1
cache = {}
r = cache_result(cache, tensor([1, 2]))
print(r, cache)
r = cache_result(cache, tensor([3, 4]))
print(r, cache)
r = cache_result(cache, tensor([5, 6]))
print(r, cache, len(cache))
