# Mutations are no graph breaks, so a fullgraph function may make them: an attribute
# and dict items stored, and read back. A new shape translates again.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: step graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
class State:
    def __init__(self):
        self.seen = 0
@capture(fullgraph=True)
def step(x, state, out):
    state.seen = x.shape[0]
    out["y"] = x.relu()
    out["n"] = state.seen
    return out["y"] * out["n"]
s = State()
out = {}
print(step(tensor([-1.0, 2.0]), s, out), s.seen, out["n"], out["y"])
print(step(tensor([3.0, -4.0, 5.0]), s, out), s.seen, out["n"])
