# A break inside an inherited method (found on the base class through the object's
# class), after a call of a method of the subclass that folds to a constant: x + 1.0
# and v * w before it, relu and + 1.0 after it.
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_20_via_forward_at_13 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@13: call of print() (in an inlined call: f line 20 > forward line 13)
class Base:
    def __init__(self, w):
        self.w = w
    def forward(self, v):
        h = v * self.w
        print("forward of", self.name())
        return h.relu()
class Child(Base):
    def name(self):
        return "child"
@capture
def f(x, m):
    return m.forward(x + 1.0) + 1.0
print(f(tensor([1.0, -3.0]), Child(2.0)))
print(f(tensor([-2.0, 0.5]), Child(2.0)))
