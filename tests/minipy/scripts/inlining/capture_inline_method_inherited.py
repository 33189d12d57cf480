# A method found through the class chain: Shifted inherits scaled from Base and adds
# its own shifted, which calls self.scaled. Both are inlined: v * 3.0, + 0.5, then the
# sum: 3 ops. A Base object (another type) translates f again: v * 3.0 and the sum.
# explain: graphs=2 graph_breaks=0 ops=5 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=5 graph_ops=3,2 calls=3 cache_hits=1
class Base:
    def scaled(self, v):
        return v * 3.0
    def total(self, v):
        return self.scaled(v).sum()
class Shifted(Base):
    def scaled(self, v):
        return Base.scaled(self, v) + 0.5
@capture
def f(x, obj):
    return obj.total(x)
x = tensor([1.0, 2.0])
print(f(x, Shifted()))
print(f(x, Shifted()))
print(f(x, Base()))
