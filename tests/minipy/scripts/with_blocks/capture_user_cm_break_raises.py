# A graph break inside a user context manager's block at a call that raises at run
# time (check is disabled for capture). f's graph is x + 1 and y * 2 with __enter__
# inlined; the generated code calls check under the block's handler. When it returns,
# the resume function after it traces y - 1 and y + 10 and inlines __exit__ (its
# `return self.swallow` is guarded, so the manager that swallows recompiles it). When
# it raises, the exception goes to a resume function at the block's handler, which runs
# eagerly: the real __exit__ sees the error, and either it propagates (keeps) or is
# swallowed and the function returns y + 10 with y from before the error (swallows).
# __enter__ and __exit__ run once per call (the logs).
# explain: graphs=3 graph_breaks=2 ops=6 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=4 cache_hits=3 graph_ops=2
# explain-frame: resume_in_f_at_38 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=2,2
# explain-frame: resume_in_f_at_36 graphs=0 unsupported=1 cache_entries=1 calls=2 cache_hits=1
# explain-reason: f@38#LB0028: call of function 'check', which is disabled for capture
# explain-reason: resume_in_f_at_36@36#LB0011: push_exc_info of an exception raised outside the trace
class Logged:
    def __init__(self, swallow):
        self.log = []
        self.swallow = swallow
    def __enter__(self):
        self.log.append("enter")
        return self
    def __exit__(self, a, b, c):
        self.log.append("exit" if a is None else "exit with error")
        return self.swallow
failing = [False]
@disable
def check():
    if failing[0]:
        raise ValueError("too big")
keeps = Logged(False)
swallows = Logged(True)
@capture
def f(x, m):
    y = x + 1
    with m:
        y = y * 2
        check()
        y = y - 1
    return y + 10
x = tensor([1.0, 2.0])
print(f(x, keeps), keeps.log)
failing[0] = True
try:
    f(x, keeps)
except ValueError as e:
    print("caught", e, keeps.log)
print(f(x, swallows), swallows.log)
failing[0] = False
print(f(x, swallows), swallows.log)
