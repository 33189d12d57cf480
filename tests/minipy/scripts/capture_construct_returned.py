# An object made in captured code that is returned (alone, or inside a list) cannot
# be built by generated code yet: the graph breaks at its constructor instead, the
# interpreter makes it, and the resume function returns the real object. wrap: x + 1
# and the argument y * 2 before the break; pair: x * 3 in the resume function.
# explain: graphs=2 graph_breaks=2 ops=3 recompiles=0 frames_captured=4
# explain-frame: wrap graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_wrap_at_18 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: pair graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: resume_in_pair_at_22 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-reason: wrap@18: is returned
# explain-reason: pair@22: is returned
class Box:
    def __init__(self, v):
        self.v = v
@capture
def wrap(x):
    y = x + 1
    box = Box(y * 2)
    return box
@capture
def pair(x):
    return [Box(x), x * 3]
b = wrap(ones(2))
print(b.v)
print(wrap(tensor([1.0, 2.0])).v)
p = pair(ones(2))
print(p[0].v, p[1])
