# A graph break: the graph traced before print() is compiled, print runs in the
# interpreter and a resume function finishes the frame. Each translation of the frame
# makes a cache entry with the guards seen before the break: the same inputs reuse it
# without translating again, new ones translate. The resume function is captured on its
# own, guarded on what it receives (y): it only recompiles for a new shape of y.
# explain: graphs=3 graph_breaks=3 ops=3 recompiles=3 frames_captured=5
# explain-frame: noisy_scale graphs=3 unsupported=0 breaks=3 cache_entries=3 recompiles=2 ops=3 calls=6 cache_hits=3
# explain-frame: resume_in_noisy_scale_at_13 graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=6 cache_hits=4
# explain-reason: noisy_scale@13: print
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
