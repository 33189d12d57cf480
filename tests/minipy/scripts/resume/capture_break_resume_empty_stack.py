# Stores to a global and to an attribute are side effects: the graph computes the
# stored value and what the frame returns, and the generated code stores the value
# after the graph (store_global; store_attr), with no graph break. The reads after the
# stores see the stored values (y + last is y + y); the stored global and attribute
# are never read from the frame, so they are not guarded, and only a new shape
# translates again.
# explain: graphs=3 graph_breaks=0 ops=6 recompiles=1 frames_captured=3
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=3 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
#
#
class Box:
    def __init__(self):
        self.v = None
last = None
@capture
def f(x):
    global last
    y = x * 2
    last = y
    return y + last
@capture
def g(box, x):
    box.v = x + 1
    return box.v * 2
print(f(tensor([1, 2])), last)
print(f(tensor([3, 4])), last)
print(f(tensor([1.5, 2.5, 3.5])), last)
b = Box()
print(g(b, tensor([1, 2])), b.v)
print(g(b, tensor([7, 8])), b.v)
