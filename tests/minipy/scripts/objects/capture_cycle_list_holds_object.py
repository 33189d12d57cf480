# A cycle through an object or a cell is built as the interpreter built it: the
# object (or cell) first, then the list holding it, then the attribute (or the cell's
# contents) set to the list. p returns such a list, q has it live at a graph break
# (its resume function only returns it), c returns a list holding a closure of an
# inlined helper over that list. A list held twice (h) is built once, and so is a
# tuple held twice (ht), also on the cache hits of its second and third calls; a list
# argument (n) gets a new list that holds the argument.
# explain: graphs=6 graph_breaks=1 ops=8 recompiles=0 frames_captured=7
# explain-frame: p graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: q graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_q_at_34 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0
# explain-frame: h graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: ht graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: n graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1 cache_hits=0
# explain-frame: c graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=1 cache_hits=0
# explain-reason: q@34: print
class Box:
    pass

@capture
def p(x):
    b = Box()
    l = [x + 2, b]
    b.items = l
    return l
l = p(tensor([1.0]))
print(l[0], l[1].items is l)

@capture
def q(x):
    b = Box()
    l = [x + 2, b]
    b.items = l
    print("break")
    return l
l = q(tensor([1.0]))
print(l[0], l[1].items is l, l[1].items[1] is l[1])

@capture
def h(x):
    inner = [x - 1]
    return [inner, inner]
o = h(tensor([5.0]))
print(o[0] is o[1], o[0][0])

@capture
def ht(x):
    inner = (x * 4, 1)
    return inner, inner
for i in range(3):
    o = ht(tensor([5.0]))
    print(o[0] is o[1], o[0][0])

@capture
def n(x, arg):
    l = [x * 2]
    arg.append(l)
    l.append(arg)
    return x + 1
arg = []
print(n(tensor([1.0]), arg), arg[0][1] is arg, arg[0][0])

def make(x):
    l = [x * 3]
    def get():
        return l
    l.append(get)
    return l

@capture
def c(x):
    return make(x + 1)
r = c(tensor([1.0]))
print(r[0], r[1]() is r)
