# Breaks at a store (a global, an attribute): the instruction leaves nothing on the
# stack, so the resume functions receive only the live locals (y; box). They read the
# stored value back (guarded as a tensor global / attribute), so only a new shape
# translates again; the tensors stored are new objects on every call.
# explain: graphs=6 graph_breaks=3 ops=6 recompiles=2 frames_captured=6
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_21 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 inputs=2,2 calls=3 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_25 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: f@20: global 'last'
# explain-reason: g@24: store_attr
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
