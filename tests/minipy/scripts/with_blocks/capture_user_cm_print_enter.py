# A user context manager whose __enter__ prints cannot be entered in the trace: the
# graph (x + 1) ends at BEFORE_WITH, the interpreter enters the block (printing
# "enter"), and the resume function starts inside the block's body, under its
# exception handler: it traces y * 2, then breaks at the call of the __exit__ bound
# method on its stack; a second resume function after that call traces y - 1.
# explain: graphs=3 graph_breaks=2 ops=3 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_23 graphs=1 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_23_2 graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=1
# explain-reason: f@23: with block of a 'Tag' object: call of function '__enter__' (not inlined: call of print(), line 14)
# explain-reason: resume_in_f_at_23@23: call of a 'method' object
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
