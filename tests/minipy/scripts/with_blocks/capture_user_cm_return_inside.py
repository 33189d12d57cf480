# A return from inside the block of a user context manager in the captured frame:
# the compiler's exit call runs before the return, so __exit__ is inlined there; one
# graph (mul). __exit__ records itself on a global list.
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
class Closing:
    def __enter__(self):
        return "opened"
    def __exit__(self, a, b, c):
        log.append("closed")
@capture
def f(x):
    with Closing() as n:
        return x * 2, n
    return None
x = tensor([1.0, 2.0])
log = []
print(f(x), log)
print(f(x), log)
