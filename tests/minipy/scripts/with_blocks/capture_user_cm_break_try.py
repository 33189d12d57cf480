# Graph breaks at a call that may raise (fail is disabled), in a user context manager's block inside a try
# block (f) and in a try block inside one (g). Without a raise, the resume functions after the call are
# captured: y * 3 in f, y + 1 and y * 3 in g (__exit__ inlined); f: x * 2, y + 1; g: x * 2. With one, in f
# the block's handler comes first: its resume function breaks at with_except_start (the real __exit__),
# then the re-raise (39_3), the cleanup's pop_except (39_2), the re-raise (39_4) to the except clause, traced
# at 35 (y - 100). In g the except clause's resume function traces y - 100, y * 3 and inlines __exit__.
# explain: graphs=6 graph_breaks=6 ops=9 recompiles=0 frames_captured=10
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-frame: resume_in_f_at_41 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0 graph_ops=1
# explain-frame: resume_in_f_at_39 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_39_3 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_39_2 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_39_4 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_35 graphs=1 unsupported=0 breaks=0 cache_entries=1 calls=1 cache_hits=0 graph_ops=1
# explain-frame: g graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_g_at_51 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0 graph_ops=2
# explain-frame: resume_in_g_at_46 graphs=1 unsupported=0 breaks=0 cache_entries=1 calls=1 cache_hits=0 graph_ops=2
# explain-reason: f@41#LB0028: call of function 'fail'
# explain-reason: g@51#LB0028: call of function 'fail'
class Logged:
    def __init__(self):
        self.log = []
    def __enter__(self):
        self.log.append("enter")
        return self
    def __exit__(self, a, b, c):
        self.log.append("exit")
        return False
failing = [False]
@disable
def fail():
    if failing[0]:
        raise KeyError("fail")
logged = Logged()
@capture
def f(x):
    y = x * 2
    try:
        with logged:
            y = y + 1
            fail()
            y = y * 3
    except KeyError:
        y = y - 100
    return y
@capture
def g(x):
    with logged:
        y = x * 2
        try:
            fail()
            y = y + 1
        except KeyError:
            y = y - 100
        y = y * 3
    return y
x = tensor([1.0, 2.0])
print(f(x), g(x), logged.log)
failing[0] = True
print(f(x), g(x), logged.log)
