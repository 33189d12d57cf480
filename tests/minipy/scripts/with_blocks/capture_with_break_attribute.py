# Attribute stores before and after a graph break inside a no_grad() block: the
# count read is guarded, so the second call (count 2) recompiles both functions. f:
# set, mul, set (3 ops per entry); the resume function only stores a constant: its
# enter and exit cancel, no graph.
# explain: graphs=2 graph_breaks=2 ops=6 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=3,3
# explain-frame: resume_in_f_at_18 graphs=0 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0
class State:
    def __init__(self):
        self.count = 0


@capture
def f(x, state):
    with no_grad():
        state.count = state.count + 1
        y = x * state.count
        print("count", state.count, is_grad_enabled())
        state.count = state.count + 1
    return y, state.count


s = State()
x = tensor([1.0, 2.0])
print(f(x, s))
print(f(x, s))
