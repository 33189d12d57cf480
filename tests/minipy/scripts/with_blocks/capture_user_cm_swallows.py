# A user context manager whose __exit__ returns True swallows the exception of its
# block. Captured, the block's division is the graph; when it raises, the frame runs
# again eagerly, the real __exit__ swallows the error and the function returns what
# r held before the block. __enter__'s return value (5) is folded into the graph.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: h graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=2
class Swallow:
    def __enter__(self):
        return 5
    def __exit__(self, a, b, c):
        return True
@capture
def h(x, y):
    r = x
    with Swallow() as five:
        r = x / y + five
    return r
x = tensor([1.0, 2.0])
print(h(x, x))
print(h(x, tensor([0.0, 1.0])))
print(h(x, tensor([4.0, 8.0])))
