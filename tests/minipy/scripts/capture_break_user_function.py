# Calling interpreted code (a function, a method, a class, another captured function)
# from a captured frame makes it run eagerly; the callee that is itself captured is
# translated on its own when the eager frame calls it.
# explain: graphs=1 graph_breaks=4 ops=1 recompiles=0 frames_captured=1
# explain-frame: calls_function graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: calls_method graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: makes_object graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: calls_captured graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: inner graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=1
# explain-reason: calls_function@23:
# explain-reason: calls_method@26:
# explain-reason: makes_object@29:
# explain-reason: calls_captured@36:
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
