# Twelve sizes: with automatic dynamic shapes two entries serve them all; with
# dynamic=False every size is an entry until the cache limit (8), after which calls of
# new sizes run eagerly.
# explain: graphs=10 graph_breaks=0 ops=10 recompiles=8 frames_captured=10
# explain-frame: auto graphs=2 cache_entries=2 recompiles=1 calls=12 cache_hits=10
# explain-frame: fixed graphs=8 cache_entries=8 recompiles=7 calls=12 cache_hits=0
@capture
def auto(x):
    return x - 1
@capture(dynamic=False)
def fixed(x):
    return x - 1
for n in range(2, 14):
    t = arange(n)
    print(auto(t).sum(), fixed(t).sum())
