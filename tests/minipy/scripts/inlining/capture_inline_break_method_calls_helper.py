# A method that calls a helper that breaks: the inline stack is f, the method, the
# helper; v + b and tanh before the break, s * 0.5, + b and y * y after it.
# explain: graphs=2 graph_breaks=1 ops=5 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18_via_squash_at_9 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-reason: f@9: graph_break() called (in an inlined call: f line 18 > __call_layer__ line 15 > squash line 9)
def squash(v):
    s = v.tanh()
    graph_break()
    return s * 0.5
class Layer:
    def __init__(self, b):
        self.b = b
    def __call_layer__(self, v):
        return squash(v + self.b) + self.b
@capture
def f(x, layer):
    y = layer.__call_layer__(x)
    return y * y
print(f(tensor([0.0, 1.0]), Layer(0.25)))
print(f(tensor([2.0, -1.0]), Layer(0.25)))
