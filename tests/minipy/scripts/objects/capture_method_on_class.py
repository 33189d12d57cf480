# @capture on a method: self is an argument like any other; instances of a subclass
# fail the type guard and recompile.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: forward graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=4
class Model:
    def __init__(self, w):
        self.w = w
        self.calls = 0
    @capture
    def forward(self, x):
        return relu(x @ self.w)
    def run(self, x):
        self.calls += 1
        return self.forward(x)
class Scaled(Model):
    def __init__(self, w):
        self.w = w * 2.0
        self.calls = 0
m = Model(tensor([[1.0, -1.0], [2.0, 0.5]]))
x = tensor([1.0, 1.0])
print(m.forward(x))
print(m.run(x * -1.0), m.calls)
m2 = Model(tensor([[0.0, 1.0], [1.0, 0.0]]))
print(m2.run(x), m2.calls)
s = Scaled(m.w)
print(s.run(x), s.calls, s.forward(x))
print(m.forward(x))
