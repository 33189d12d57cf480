# A break inside a user context manager's block at a call that raises at run time (check is disabled). f:
# x + 1, y * 2 (__enter__ inlined); generated code calls check under the block's handler. If it returns, the
# resume function after it traces y - 1, y + 10, __exit__ inlined (`self.swallow` guarded: swallows
# recompiles). If it raises, the handler's resume function breaks at with_except_start (the real __exit__);
# keeps re-raises (36_3, 36_2, 36_4: re-raise, pop_except, re-raise), swallows pops (36_3) and 36_5 adds 10.
# explain: graphs=4 graph_breaks=6 ops=7 recompiles=2 frames_captured=9
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=4 cache_hits=3 graph_ops=2
# explain-frame: resume_in_f_at_38 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=2,2
# explain-frame: resume_in_f_at_36 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_36_3 graphs=0 unsupported=0 breaks=2 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_36_2 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_36_4 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1 cache_hits=0
# explain-reason: f@38#LB0028: call of function 'check', which is disabled for capture
# explain-reason: resume_in_f_at_36@36#LB0011: with_except_start
# explain-frame: resume_in_f_at_36_5 graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=1 cache_hits=0
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
