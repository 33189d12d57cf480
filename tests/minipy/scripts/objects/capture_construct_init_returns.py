# An __init__ that returns a value: the construction cannot be modelled (the
# interpreter raises TypeError), so the graph breaks at the class call, after x + 1.
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-reason: f@12: returns a tensor, not None
class Odd:
    def __init__(self, x):
        self.x = x
        return x
@capture
def f(x):
    return Odd(x + 1).x
try:
    f(ones(2))
except TypeError as e:
    print("TypeError", e)
