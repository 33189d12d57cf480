# What a construction relied on is guarded: the class (by identity), its __init__ and
# the method found on it. Replacing Scaler.forward, then Scaler.__init__, then the
# class itself each recompile with the new behaviour: x*3, x*3*2, x*4*2, x + -3.
# explain: graphs=4 graph_breaks=0 ops=6 recompiles=3 frames_captured=4
# explain-frame: f graphs=4 unsupported=0 breaks=0 cache_entries=4 recompiles=3 ops=6 graph_ops=1,2,2,1 calls=5 cache_hits=1
class Scaler:
    def __init__(self, k):
        self.k = k
    def forward(self, x):
        return x * self.k
@capture
def f(x):
    return Scaler(3).forward(x)
print(f(ones(2)))
print(f(ones(2)))
def double_forward(self, x):
    return x * self.k * 2
Scaler.forward = double_forward
print(f(ones(2)))
def init_plus(self, k):
    self.k = k + 1
Scaler.__init__ = init_plus
print(f(ones(2)))
class Scaler:
    def __init__(self, k):
        self.k = -k
    def forward(self, x):
        return x + self.k
print(f(ones(2)))
