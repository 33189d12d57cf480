# A method that prints, inlined: the print is a graph break inside the method; x * 2.0
# before it, the rest of the method (v - 1.0) and of f (+ x) in one resume graph.
#
# explain: graphs=2 graph_breaks=1 ops=3 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17_via_show_at_12 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-reason: f@12: call of print() (in an inlined call: f line 17 > show line 12)
class Box:
    def __init__(self, name):
        self.name = name
    def show(self, v):
        print(self.name, "sees a tensor")
        return v - 1.0
@capture
def f(x, box):
    a = x * 2.0
    return box.show(a) + x
b = Box("box")
print(f(tensor([1.0, 2.0]), b))
print(f(tensor([3.0, 4.0]), b))
