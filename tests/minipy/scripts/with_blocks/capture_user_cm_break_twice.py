# Two graph breaks inside one user context manager's block: the block stays open
# across both. f traces x + 1 with __enter__ inlined and breaks at the first print; the
# resume function after it traces y * 2 and breaks at the second print, passing the
# bound __exit__ on; the last one traces y - 1 and inlines __exit__. One enter and one
# exit per call.
# explain: graphs=3 graph_breaks=2 ops=3 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_25 graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_27 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@25: call of print()
# explain-reason: resume_in_f_at_25@27: call of print()
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
    with logged:
        y = x + 1
        print("first")
        y = y * 2
        print("second")
        y = y - 1
    return y
x = tensor([1.0, 2.0])
print(f(x), logged.log)
print(f(x), logged.log)
