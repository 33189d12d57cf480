# An object with tensor attributes live across a break: f reads m.w, the resume function
# m.b, each guarding the attribute it reads. Replacing m.b (new shape) translates only
# the resume function; replacing m.w translates f, and its new h shape the resume again.
# explain: graphs=5 graph_breaks=2 ops=5 recompiles=3 frames_captured=5
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-frame: resume_in_f_at_15 graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=4 cache_hits=1
# explain-reason: f@15: print
class Model:
    def __init__(self, w, b):
        self.w = w
        self.b = b
@capture
def f(m, x):
    h = x * m.w
    print("h")
    return h + m.b
m = Model(tensor([1.0, 2.0]), tensor([0.5, 0.5]))
x = tensor([3.0, 4.0])
print(f(m, x))
print(f(m, x * 2.0))
m.b = tensor([10.0])
print(f(m, x))
m.w = tensor([[1.0, 1.0]])
print(f(m, x))
