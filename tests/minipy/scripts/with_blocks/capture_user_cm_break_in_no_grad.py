# Graph breaks inside a user context manager's block nested with a no_grad() block,
# either way round. The no_grad() block is entered again after the break, so the
# print runs in the resume function (which keeps both handlers), and that resume
# function, starting at the print with no graph before it, runs eagerly. The graphs
# before the break are captured: set_grad_enabled(False), x * 2, and the graph's exit
# from no_grad() (3 ops each), with __enter__ inlined (is_grad_enabled() folded).
# explain: graphs=2 graph_breaks=4 ops=6 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_f_at_29 graphs=0 unsupported=1 cache_entries=1 calls=2 cache_hits=1
# explain-frame: g graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_g_at_38 graphs=0 unsupported=1 cache_entries=1 calls=2 cache_hits=1
# explain-reason: f@29: call of print()
# explain-reason: resume_in_f_at_29@29#LB0001: call of print() (no graph break: LB0019
# explain-reason: g@38: call of print()
class Logged:
    def __init__(self):
        self.log = []
    def __enter__(self):
        self.log.append(("enter", is_grad_enabled()))
        return self
    def __exit__(self, a, b, c):
        self.log.append(("exit", is_grad_enabled()))
logged = Logged()
@capture
def f(x):
    with no_grad():
        with logged:
            y = x * 2
            print("inner", is_grad_enabled())
            y = y + 1
        z = y * 3
    return z, is_grad_enabled()
@capture
def g(x):
    with logged:
        with no_grad():
            y = x * 2
            print("inner", is_grad_enabled())
            y = y + 1
        print("outer", is_grad_enabled())
        z = y * 3
    return z
x = tensor([1.0, 2.0])
print(f(x), logged.log)
print(f(x), logged.log)
print(g(x), logged.log)
print(g(x), logged.log)
