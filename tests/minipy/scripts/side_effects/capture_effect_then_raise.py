# Side effects recorded before an operation of the graph that raises: the mutations
# are replayed only after the graph, so when the compiled graph raises the runtime runs
# the frame again eagerly from its start, which makes them (and raises) as the eager
# run does. f stores into a list, a dict, an object and a global, then divides (1 op);
# the dict's length is read (guarded), so the second call, whose dict has a key now,
# recompiles once and raises on its first run; the third call hits. g appends to a list
# it never reads (guarded on its type alone): its second call raises on a cache hit.
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-frame: g graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=1
class Box:
    def __init__(self):
        self.n = 0


counter = 0


@capture
def f(x, y, log, d, box):
    global counter
    log.append(1)
    d["last"] = 2
    box.n = 3
    counter = 4
    return x / y


@capture
def g(x, y, log):
    log.append(len(x))
    return x / y


log = []
d = {}
box = Box()
x = tensor([1.0, 2.0])
print(f(x, tensor([2.0, 4.0]), log, d, box), log, d, box.n, counter)
log = []
d["other"] = 0
box.n = 0
counter = 0
try:
    f(x, tensor([0.0, 1.0]), log, d, box)
except ZeroDivisionError as e:
    print("caught", e, log, d, box.n, counter)
print(f(x, tensor([2.0, 4.0]), log, d, box), log, d, box.n, counter)
log = []
print(g(x, tensor([2.0, 4.0]), log), log)
try:
    g(x, tensor([1.0, 0.0]), log)
except ZeroDivisionError as e:
    print("caught", e, log)
print(g(x, tensor([2.0, 4.0]), log), log)
