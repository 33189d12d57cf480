# Constructors with inheritance: Child.__init__ calls Base.__init__ explicitly (with a
# keyword), Empty inherits Base's __init__ and its default, methods found through the
# class chain. a: x*w*1.0 + 1.0 (3 ops), b: x*w*0.5 + x (3), c: x*w*2.0 (2), two adds:
# one graph of 10 ops, no break.
# explain: graphs=1 graph_breaks=0 ops=10 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=10 calls=2 cache_hits=1
class Base:
    def __init__(self, w, scale=2.0):
        self.w = w
        self.scale = scale
    def forward(self, x):
        return x * self.w * self.scale
class Child(Base):
    def __init__(self, w, bias, scale=1.0):
        Base.__init__(self, w, scale=scale)
        self.bias = bias
    def forward(self, x):
        return Base.forward(self, x) + self.bias
class Empty(Base):
    pass
@capture
def f(x, w):
    a = Child(w, 1.0)
    b = Child(w, bias=x, scale=0.5)
    c = Empty(w)
    return a.forward(x) + b.forward(x) + c.forward(x)
print(f(ones(2), tensor([1.0, 2.0])))
print(f(tensor([3.0, 4.0]), tensor([1.0, 2.0])))
