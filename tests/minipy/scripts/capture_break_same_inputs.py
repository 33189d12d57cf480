# After a fallback, the eager cache entry keeps the guards seen before the unsupported
# construct: the same inputs run eagerly without translating again, new ones translate.
# explain: graphs=0 graph_breaks=3 ops=0 recompiles=2 frames_captured=0
# explain-frame: noisy_scale graphs=0 unsupported=3 cache_entries=3 recompiles=2 calls=6 cache_hits=3
# explain-reason: noisy_scale@9: print
@capture
def noisy_scale(x, k):
    y = x * k
    print("noisy", k, y.shape)
    return y
x = tensor([1.0, 2.0])
print(noisy_scale(x, 2))
print(noisy_scale(x, 2))
print(noisy_scale(x, 3))
print(noisy_scale(tensor([1.0, 2.0, 3.0]), 2))
print(noisy_scale(x * 5.0, 2))
print(noisy_scale(x, 3))
