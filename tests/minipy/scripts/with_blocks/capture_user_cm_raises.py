# The compiled graph raises inside a captured block of a user context manager (a
# division by a zero tensor): the runtime runs the frame again eagerly, so __exit__
# runs once with the exception, as the eager run does, and the log replayed after a
# normal call shows enter and exit once each. One graph (the division); the call
# that raises hits the cache.
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
# explain-frame: h graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=1
class Logged:
    def __init__(self):
        self.log = []
    def __enter__(self):
        self.log.append("enter")
        return self
    def __exit__(self, a, b, c):
        self.log.append(a is None)
        return False
logged = Logged()
@capture
def h(x, y):
    with logged:
        z = x / y
    return z
x = tensor([1.0, 2.0])
print(h(x, x), logged.log)
try:
    h(x, tensor([0.0, 1.0]))
except ZeroDivisionError as e:
    print("caught", e, logged.log)
print(h(x, tensor([2.0, 2.0])), logged.log)
