# A context manager made in the trace (Timer("t")) with a graph break inside its
# block: the generated code builds the Timer (name and events ["start"]) once, binds
# its __exit__ from it, and passes both on; the resume function traces y + 1 and
# inlines __exit__, whose append to t.events is a side effect on the object it got.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_23 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@23: call of print()
class Timer:
    def __init__(self, name):
        self.name = name
        self.events = []
    def __enter__(self):
        self.events.append("start")
        return self
    def __exit__(self, a, b, c):
        self.events.append("stop")
        return False
@capture
def f(x):
    with Timer("t") as t:
        y = x * 2
        print("timing", t.name, t.events)
        y = y + 1
    return y, t.events
x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
