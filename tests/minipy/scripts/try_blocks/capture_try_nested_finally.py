# A raise in an inner try/finally caught by the outer except, all traced. limit = 1:
# mul, truediv, sub 0.25 (3 ops). limit = 2 recompiles: mul, then the raise runs the
# inner finally (sub 0.25) on its exceptional path and re-raises into the outer handler
# (add 50): 3 ops.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2
# explain-frame: step graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=6 calls=2 cache_hits=0
@capture
def step(t, limit):
    acc = t * 4
    try:
        try:
            if limit > 1:
                raise KeyError(limit)
            acc = acc / 2
        finally:
            acc = acc - 0.25
    except KeyError:
        acc = acc + 50
    return acc
print(step(tensor([1.0, 2.0]), 1))
print(step(tensor([1.0, 2.0]), 2))
