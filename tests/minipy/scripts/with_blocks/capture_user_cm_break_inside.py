# A graph break inside the block of a user context manager is not made where it is
# (a resume function entering the block again would run __enter__ twice): it moves
# before the block, so f's graph is x + 1 and the block runs in the resume function.
# There the block is entered in the trace again and the print fails with no graph
# before the block, so the resume function runs eagerly. __enter__ and __exit__ run
# once per call (the log).
# explain: graphs=1 graph_breaks=2 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_24 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@24: call of print() (inside the with block at line 24)
# explain-reason: resume_in_f_at_24@26: call of print() (no graph break: LB0018 a graph break inside the with block of a 'Logged' object (its __enter__ would run again))
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
