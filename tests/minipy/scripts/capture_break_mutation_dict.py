# Item stores into a dict argument run eagerly; the dict's length is guarded, so the
# second call (one key more) translates again and the third hits that entry.
# explain: graphs=0 graph_breaks=2 ops=0 recompiles=1 frames_captured=0
# explain-frame: cache_result graphs=0 unsupported=2 cache_entries=2 recompiles=1
# explain-reason: cache_result@9:
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
