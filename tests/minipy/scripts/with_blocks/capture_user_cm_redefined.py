# The trace inlines the class's __exit__ and guards its identity: replacing it on the
# class between calls recompiles (the guard names the attribute), and the new
# __exit__ runs. Two graphs of one op each.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
class Logged:
    def __init__(self):
        self.log = []
    def __enter__(self):
        self.log.append("enter")
        return self
    def __exit__(self, a, b, c):
        self.log.append("exit")
def louder_exit(self, a, b, c):
    self.log.append("EXIT")
logged = Logged()
@capture
def f(x):
    with logged:
        y = x * 2
    return y
x = tensor([1.0, 2.0])
print(f(x), logged.log)
Logged.__exit__ = louder_exit
print(f(x), logged.log)
print(f(x), logged.log)
