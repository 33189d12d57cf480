# A with block of an object of an interpreted class is captured: its __enter__ and
# __exit__ are inlined, their appends to the object's log are side effects replayed
# after the graph, and the body's multiplication and the addition after the block
# are the graph (2 ops). The log shows each method ran once per call; the list is
# appended to but never read, so new contents are no recompile.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=2
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
@capture
def f(x):
    with logged:
        y = x * 2
    return y + 1
x = tensor([1.0, 2.0])
print(f(x), logged.log)
print(f(x + 1), logged.log)
print(f(x), len(logged.log))
