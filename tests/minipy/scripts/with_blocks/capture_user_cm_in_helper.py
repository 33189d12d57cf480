# A with block of a user context manager inside an inlined helper, with a return
# from inside the block: the helper's __exit__ runs before it returns (the log),
# and the caller's frame is one graph: helper's mul, then the caller's add (2 ops).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
class Logged:
    def __init__(self):
        self.log = []
    def __enter__(self):
        self.log.append("enter")
        return self
    def __exit__(self, a, b, c):
        self.log.append("exit")
        return False
logged = Logged()
def helper(x):
    with logged:
        return x * 3
@capture
def f(x):
    return helper(x) + 1
x = tensor([1.0, 2.0])
print(f(x), logged.log)
print(f(x), logged.log)
