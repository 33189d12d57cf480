# A user context manager whose __enter__ prints cannot be entered in the trace: the
# graph (x + 1) ends at BEFORE_WITH, the interpreter enters the block (printing
# "enter"), and the resume function starts inside the block's body, under its
# exception handler: it traces y * 2 and inlines the __exit__ bound method on its
# stack at the block's end; the print in __exit__ is a graph break inside that inlined
# call, and the nested resume function after it (named after the resume point in
# __exit__) traces y - 1.
# explain: graphs=3 graph_breaks=2 ops=3 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_25 graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_25_via___exit___at_19 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@25: with block of a 'Tag' object: call of function '__enter__' (not inlined: call of print(), line 16)
# explain-reason: resume_in_f_at_25@19: call of print() (in an inlined call: resume_in_f_at_25 line 25 > __exit__ line 19)
class Tag:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, a, b, c):
        print("exit", a is None)
        return False
tag = Tag()
@capture
def f(x):
    y = x + 1
    with tag:
        y = y * 2
    return y - 1
x = tensor([1.0, 2.0])
print(f(x))
print(f(x))
