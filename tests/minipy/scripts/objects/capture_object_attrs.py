# Weights stored on an instance: the type and the attributes read are guarded; another
# instance with the same metadata shares the entry and its own weights are used.
# explain: graphs=4 graph_breaks=0 ops=12 recompiles=3 frames_captured=4
# explain-frame: apply graphs=4 unsupported=0 cache_entries=4 recompiles=3 ops=12
class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b
        self.scale = 1.0
class Other:
    def __init__(self, w, b):
        self.w = w
        self.b = b
        self.scale = 1.0
@capture
def apply(layer, x):
    return (x @ layer.w + layer.b) * layer.scale
x = tensor([1.0, 2.0])
l1 = Linear(tensor([[1.0, 0.0], [0.0, 1.0]]), tensor([0.5, 0.5]))
l2 = Linear(tensor([[0.0, 1.0], [1.0, 0.0]]), tensor([-1.0, 1.0]))
print(apply(l1, x))
print(apply(l2, x))
l2.scale = 0.5
print(apply(l2, x))
print(apply(l1, x))
l2.b = tensor([2.0, 2.0])
print(apply(l2, x))
l3 = Linear(tensor([[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]), tensor([0.0, 0.0, 1.0]))
print(apply(l3, x))
print(apply(Other(l1.w, l1.b), x))
