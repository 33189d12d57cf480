# An object made in captured code and live at a graph break (used after the print) is
# built by the generated code before the print runs: a bare Acc whose total is the
# graph's output (x * 0 + x, 2 ops). The resume function gets that object; its method,
# inlined there, stores an attribute of it, now a value from the frame: a side effect,
# replayed after the graph (store_attr), and the read after it sees the stored tensor
# (x * 2 and the add, 2 ops). In g the object is dead at the print: nothing is built.
# explain: graphs=4 graph_breaks=2 ops=6 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_23 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_g_at_31 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-reason: f@23: print
# explain-reason: g@31: print
class Acc:
    def __init__(self, start):
        self.total = start
    def add(self, t):
        self.total = self.total + t
@capture
def f(x):
    acc = Acc(x * 0)
    acc.add(x)
    print("halfway")
    acc.add(x * 2)
    return acc.total
@capture
def g(x):
    acc = Acc(x)
    acc.add(x)
    y = acc.total
    print("acc is dead here")
    return y + 1
print(f(ones(2)))
print(f(tensor([1.0, 2.0])))
print(g(ones(2)))
