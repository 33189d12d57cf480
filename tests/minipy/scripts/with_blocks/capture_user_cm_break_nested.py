# Graph breaks inside two nested user context managers' blocks. f enters both (two
# inlined __enter__), traces x + 1 and y * 2 and breaks at the print in the inner
# block; both exits are passed on as bound methods. The resume function traces y - 1,
# inlines the inner __exit__ and breaks at the print after the inner block; the last
# one traces y * 3 and inlines the outer __exit__. Each block is entered and left
# once per call, inner inside outer (the log).
# explain: graphs=3 graph_breaks=2 ops=4 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2
# explain-frame: resume_in_f_at_31 graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_33 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@31: call of print()
# explain-reason: resume_in_f_at_31@33: call of print()
class Tag:
    def __init__(self, name, log):
        self.name = name
        self.log = log
    def __enter__(self):
        self.log.append("enter " + self.name)
        return self.name
    def __exit__(self, a, b, c):
        self.log.append("exit " + self.name)
log = []
outer = Tag("outer", log)
inner = Tag("inner", log)
@capture
def f(x):
    with outer as o:
        y = x + 1
        with inner as i:
            y = y * 2
            print("between", o, i)
            y = y - 1
        print("after inner", i)
        y = y * 3
    return y
x = tensor([1.0, 2.0])
print(f(x), log)
print(f(x), log)
