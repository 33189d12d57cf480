# An object made in captured code and live at a graph break (used after the print)
# moves the break to its constructor: f breaks at Acc(x * 0), and its resume function
# gets the real object. Its method, inlined, stores an attribute of that object, now a
# value from the frame: a side effect, replayed after the graph (store_attr), and the
# read after it sees the stored tensor. In g the object is dead at the print: the
# break stays there, nothing is built.
# explain: graphs=5 graph_breaks=3 ops=6 recompiles=0 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_23 graphs=1 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_25 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_g_at_33 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-reason: f@23: is live at the graph break
# explain-reason: resume_in_f_at_23@25: print
# explain-reason: g@33: print
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
