# A tensor read through an attribute and a list item has a source of that path, and so
# do its symbols: the recompile names L['m'].w.shape[0] and L['xs'][1].shape[0].
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=2,2
# explain-recompile: f: L['m'].w.shape[0]: 2 -> 3, now dynamic; L['xs'][1].shape[0]: 2 -> 3, now dynamic
# explain-guard: f: s0 = L['m'].w.shape[0]
# explain-guard: f: L['xs'][1].shape[0] == s0
class Model:
    def __init__(self, w):
        self.w = w
@capture
def f(m, xs):
    return m.w * xs[1] + xs[0]
print(f(Model(tensor([1, 2])), [tensor([0]), tensor([3, 4])]))
print(f(Model(tensor([1, 2, 3])), [tensor([1]), tensor([3, 4, 5])]))
print(f(Model(tensor([1, 2, 3, 4])), [tensor([2]), tensor([1, 1, 1, 1])]))
