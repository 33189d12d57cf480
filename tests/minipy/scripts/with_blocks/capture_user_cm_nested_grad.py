# User context managers and no_grad() nested both ways. In outer_user the user block
# holds a no_grad() block: set(False), mul, set(True), add (4 ops). In inner_user a
# no_grad() block holds the user block, whose __enter__ and __exit__ append to a
# list: set(False), mul, set(True), sub (4 ops); grad mode is read inside each
# block. The appends to the global list are replayed after the graph.
# explain: graphs=2 graph_breaks=0 ops=8 recompiles=0 frames_captured=2
# explain-frame: outer_user graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=4
# explain-frame: inner_user graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=4
class Marker:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        log.append("+" + self.name)
        return self.name
    def __exit__(self, a, b, c):
        log.append("-" + self.name)
@capture
def outer_user(x):
    with Marker("m") as name:
        with no_grad():
            y = x * 2
            g = is_grad_enabled()
        z = y + 1
    return z, g, name
@capture
def inner_user(x):
    with no_grad():
        with Marker("n"):
            y = x * 3
            g = is_grad_enabled()
    return y - 1, g, is_grad_enabled()
x = tensor([1.0, 2.0])
log = []
print(outer_user(x), log)
print(outer_user(x), log)
print(inner_user(x), log)
print(inner_user(x), log)
