# An item store into a dict argument is a graph break: y = x * 2 is compiled, the
# store runs in the interpreter (the dict really changes) and y + 1 runs in the
# resume function. The dict's length (and items) are guarded, so the second call
# (one key more) translates again and the third hits that entry; the resume function
# sees the same y every time: one translation, then hits.
# explain: graphs=3 graph_breaks=2 ops=3 recompiles=1 frames_captured=3
# explain-frame: cache_result graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: resume_in_cache_result_at_14 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-reason: cache_result@13:
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
