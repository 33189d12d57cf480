# Graph breaks at a call that may raise (fail is disabled for capture), in a user
# context manager's block inside a try block (f) and in a try block inside one (g).
# In f the innermost handler of the call is the block's: a raise goes to a resume
# function at the block's handler, which runs eagerly (__exit__ with the error, then
# the except clause). In g it is the except clause's: the resume function there runs
# eagerly, and the block's __exit__ is called at the block's end in it. Without a
# raise, the resume functions after the call are captured: y * 3 in f, y + 1 and
# y * 3 in g, with __exit__ inlined. f: x * 2, y + 1; g: x * 2.
# explain: graphs=4 graph_breaks=4 ops=6 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-frame: resume_in_f_at_41 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0 graph_ops=1
# explain-frame: resume_in_f_at_39 graphs=0 unsupported=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: g graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_g_at_51 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0 graph_ops=2
# explain-frame: resume_in_g_at_46 graphs=0 unsupported=1 cache_entries=1 calls=1 cache_hits=0
# explain-reason: f@41#LB0028: call of function 'fail'
# explain-reason: g@51#LB0028: call of function 'fail'
# explain-reason: resume_in_f_at_39#LB0011: push_exc_info of an exception raised outside the trace
# explain-reason: resume_in_g_at_46#LB0011: push_exc_info of an exception raised outside the trace
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
