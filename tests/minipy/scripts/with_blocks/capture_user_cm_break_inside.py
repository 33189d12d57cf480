# A graph break inside the block of a user context manager is made where it is: the
# block stays open across it. f's graph is x + 1 and y * 2 (2 ops) with __enter__
# inlined (its log append replayed); the generated code runs the print under the
# block's handler, with the bound __exit__ rebuilt on the stack (no second __enter__),
# and the resume function after the print traces y - 1 (1 op) and inlines the __exit__
# it got as a value at the block's end. __enter__ and __exit__ run once per call (the
# log).
# explain: graphs=2 graph_breaks=1 ops=3 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-frame: resume_in_f_at_26 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@26: call of print()
class Logged:
    def __init__(self):
        self.log = []
    def __enter__(self):
        self.log.append("enter")
        return self
    def __exit__(self, a, b, c):
        self.log.append("exit")
logged = Logged()
@capture
def f(x):
    y = x + 1
    with logged:
        y = y * 2
        print("inside")
        y = y - 1
    return y
x = tensor([1.0, 2.0])
print(f(x), logged.log)
print(f(x), logged.log)
