# Calling interpreted code (a function, a method, a class, another captured function)
# from a captured frame is a graph break: the call runs in the interpreter and a resume
# function, captured on its own, continues with the result on its stack (it reads the
# attribute of the new object through its argument). The callee that is itself captured
# is translated on its own when the call runs it.
# explain: graphs=5 graph_breaks=4 ops=5 recompiles=0 frames_captured=9
# explain-frame: calls_function graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_calls_function_at_29 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: calls_method graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_calls_method_at_32 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: makes_object graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_makes_object_at_35 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: inner graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: calls_captured graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_calls_captured_at_42 graphs=1 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: calls_function@29:
# explain-reason: calls_method@32:
# explain-reason: makes_object@35:
# explain-reason: calls_captured@42:
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
