# Guards skip the checks of a value that is the one they passed at the last call: an
# unchanged layer object read again from the list (its type) and what is read from it
# (its method's code, its tensor's dtype and shape), since minipy's types, dtypes and
# shapes never change in place. Every other value is checked: another object in the
# list (of another class), a tensor stored with another dtype, one with the same dtype
# and shape (its new values are used), one with another shape.
# Entries: 0 (Bias, Bias), 1 (Bias, Scale), 2 (int64 bias first), 3 (shape [1, 2] last).
# explain: graphs=4 graph_breaks=0 ops=8 recompiles=3 frames_captured=4
# explain-frame: run graphs=4 unsupported=0 cache_entries=4 recompiles=3 ops=8
class Bias:
    def __init__(self, b):
        self.b = b
    def apply(self, x):
        return x + self.b

class Scale(Bias):
    def apply(self, x):
        return x * self.b

@capture(dynamic=False)
def run(layers, x):
    for layer in layers:
        x = layer.apply(x)
    return x

x = tensor([1.0, 2.0])
layers = [Bias(tensor([1.0, 1.0])), Bias(tensor([0.5, 0.5]))]
print(run(layers, x))               # entry 0 captured
print(run(layers, x))               # a hit: the unchanged layers' checks are skipped
print(run(layers, x))
layers[1] = Scale(layers[1].b)      # another object, of another class: entry 1
print(run(layers, x))
print(run(layers, x))
layers[0].b = tensor([1, 2])        # an int64 tensor stored: entry 2
print(run(layers, x))
layers[0].b = tensor([3, 4])        # the same dtype and shape: a hit, the new values
print(run(layers, x))
layers[1].b = tensor([[1.0, 1.0]])  # another shape: entry 3
print(run(layers, x))
print(run(layers, x))
