# An object made in captured code and returned (built by the generated code) is passed
# back to another captured function, which reads its attributes: a frame value now,
# guarded on what was read (scale == 2, a tensor w of shape [2]). Changing the
# attribute between calls recompiles, never a stale result; the same object unchanged
# hits the cache. make: x * 2 (1 op, 3 calls, 2 hits); use: w * scale + 1 (2 ops per
# graph; entries for scale 2 and scale 5).
# explain: graphs=3 graph_breaks=0 ops=5 recompiles=1 frames_captured=3
# explain-frame: make graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: use graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=4 cache_hits=2
class Layer:
    def __init__(self, w, scale):
        self.w = w
        self.scale = scale
@capture
def make(x):
    return Layer(x * 2, 2)
@capture
def use(layer):
    return layer.w * layer.scale + 1
layer = make(tensor([1.0, 2.0]))
print(use(layer))
print(use(layer))
layer.scale = 5
print(use(layer))
other = make(tensor([3.0, 4.0]))
print(use(other), other is layer, make(ones(2)).scale)
