# Exception classes with an __init__ of their own are not made by __init__ alone:
# calling one is a graph break, and the interpreter makes the object. f raises only on
# its second call (recompiled for flag), breaking at MyError(...) and then at the
# raise. g makes a ValueError in the trace (a plain exception class: its arguments
# are its args); str() of it is a graph break, where generated code makes it again.
# explain: graphs=2 graph_breaks=3 ops=2 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=1 calls=2
# explain-frame: resume_in_f_at_20 graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_g_at_25 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: f@20: exception class
# explain-reason: g@25: call of str()
class MyError(ValueError):
    def __init__(self, what):
        ValueError.__init__(self, "bad " + what)
@capture
def f(x, flag):
    y = x * 2
    if flag:
        raise MyError("flag")
    return y
@capture
def g(x):
    e = ValueError("made, not raised")
    return x + 1, str(e)
print(f(ones(2), False))
try:
    f(ones(2), True)
except ValueError as e:
    print("caught", e)
print(g(ones(2)))
