# A method that prints is not inlined: the call is the graph break, with the method and
# its object on the stack (the generated code looks the method up again on the
# object); x * 2.0 before it, + x in the resume function.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@17: call of function 'show' (not inlined: call of print(), line 12)
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
