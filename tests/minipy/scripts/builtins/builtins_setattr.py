# setattr with a constant name is the store it names: on an object from the frame a
# side effect replayed after the graph, on an object made in the trace a store into its
# tracker, read back by getattr in the same trace. A class attribute store is not
# modelled, as `Config.k = v` is not: a graph break.
# explain: graphs=3 graph_breaks=1 ops=5 recompiles=1 frames_captured=4
# explain-frame: update graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-frame: tune graphs=0 breaks=1 calls=1
# explain-frame: resume_in_tune_at_34 graphs=1 ops=1 calls=1
# explain-recompile: update: L['c'].step == 0, but got int 1
# explain-reason: tune: assignment to attribute 'k' of class 'Config'
class Config:
    k = 1

    def __init__(self):
        self.step = 0


class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b


@capture
def update(x, c):
    setattr(c, 'step', getattr(c, 'step') + 1)
    p = Pair(x, 2)
    setattr(p, 'b', getattr(p, 'b') * c.step)
    return getattr(p, 'a') * p.b + 1


@capture
def tune(x):
    setattr(Config, 'k', 5)
    return x + Config.k


c = Config()
x = tensor([1.0, 2.0])
print(update(x, c), c.step)
print(update(x, Config()))
print(update(x, c), c.step)
print(tune(x), Config.k)
