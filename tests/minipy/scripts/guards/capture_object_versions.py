# Guards skip reading attributes and items of an object that has not changed since
# their last check (object versions); every kind of change is still seen: an attribute
# stored (a new value of the same shape is used, not the old one), one added and one
# deleted, a class attribute, a dict item, a value replaced by an equal one, and a
# child object replaced.
# Entries: 0 (scale 2.0, no b, k 3), 1 (scale 3.0), 2 (b present), 3 (k 4, no b).
# explain: graphs=4 graph_breaks=0 ops=13 recompiles=3 frames_captured=4
# explain-frame: run graphs=4 unsupported=0 cache_entries=4 recompiles=3 ops=13
class Layer:
    scale = 2.0
    def __init__(self, w):
        self.w = w

class Model:
    def __init__(self, layer):
        self.layer = layer

@capture
def run(m, cfg, x):
    y = x @ m.layer.w * m.layer.scale
    if hasattr(m.layer, 'b'):
        y = y + m.layer.b
    return y * cfg['k']

x = tensor([[1.0, 2.0]])
m = Model(Layer(tensor([[1.0, 0.0], [0.0, 1.0]])))
cfg = {'k': 3}
print(run(m, cfg, x))                               # entry 0 captured
print(run(m, cfg, x))                               # hit: nothing read again
m.layer.w = tensor([[0.0, 1.0], [1.0, 0.0]])        # stored: the new w is used
print(run(m, cfg, x))
cfg['k'] = 3                                        # replaced by an equal value: a hit
print(run(m, cfg, x))
Layer.scale = 3.0                                   # class attribute: entry 1
print(run(m, cfg, x))
m.layer.b = tensor([1.0, 1.0])                      # added: entry 2
print(run(m, cfg, x))
del m.layer.b                                       # deleted: entry 1 again
print(run(m, cfg, x))
cfg['k'] = 4                                        # dict item: entry 3
print(run(m, cfg, x))
m.layer = Layer(tensor([[2.0, 0.0], [0.0, 2.0]]))   # child replaced: entry 3, new w
print(run(m, cfg, x))
layer = m.layer
layer.w = tensor([[1.0, 1.0], [1.0, 1.0]])          # stored through another name
print(run(m, cfg, x))
