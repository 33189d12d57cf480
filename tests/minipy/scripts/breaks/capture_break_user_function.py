# Calling interpreted code from a captured frame. A plain function is inlined: its
# operations join the caller's graph and nothing breaks; so is a method (box.doubled:
# self.v * 2, v read from the object as a graph input). That holds for a function
# that is itself captured, too: the compiled graph runs in its place, so its own frame
# is entered only by the direct call at the end (1 call, no cache hit). A class call
# is inlined as well: Box(x) makes an object that exists only in the trace (its
# __init__ stores v there), b.v reads it back, and the object, not returned, is
# never built: makes_object is one graph of one op (x + 1), guarded on the class.
# calls_function: x * 2 + 1; calls_method: v * 2 + 1; calls_captured: x * 3 - 1
# (2 ops each); shapes repeat, so calls hit.
#
#
# explain: graphs=5 graph_breaks=0 ops=8 recompiles=0 frames_captured=5
# explain-frame: calls_function graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: calls_method graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: makes_object graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: inner graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: calls_captured graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
#
def helper(t):
    return t * 2
class Box:
    def __init__(self, v):
        self.v = v
    def doubled(self):
        return self.v * 2
@capture
def calls_function(x):
    return helper(x) + 1
@capture
def calls_method(box):
    return box.doubled() + 1
@capture
def makes_object(x):
    b = Box(x)
    return b.v + 1
@capture
def inner(x):
    return x * 3
@capture
def calls_captured(x):
    return inner(x) - 1
x = tensor([1, 2])
print(calls_function(x), calls_function(x + 1))
box = Box(x)
print(calls_method(box), calls_method(box))
print(makes_object(x), makes_object(x * 5))
print(calls_captured(x), calls_captured(x - 1), inner(x))
