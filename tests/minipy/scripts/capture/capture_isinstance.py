# isinstance of values known at trace time (constants, against builtin classes or a
# tuple of them, or a class passed in) is folded: the constant guard on n covers its
# type, the identity guard on cls the class. kinds recompiles for each new n (2, 3,
# 2.5, True: x * n or x + n, 1 op each). isinstance of a tensor is not folded yet: a
# break at the call, after x * 2; the resume function guards the folded answer it
# receives on its stack, so cls=float recompiles both.
# explain: graphs=6 graph_breaks=2 ops=6 recompiles=5 frames_captured=8
# explain-frame: kinds graphs=4 unsupported=0 breaks=0 cache_entries=4 recompiles=3 ops=4 graph_ops=1,1,1,1 calls=4 cache_hits=0
# explain-frame: classes graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 graph_ops=1,1 calls=2
# explain-frame: resume_in_classes_at_23 graphs=0 breaks=0 cache_entries=2 recompiles=1 calls=2
# explain-reason: classes@23: isinstance() on a tensor
class Box:
    pass
@capture
def kinds(x, n, s):
    a = isinstance(n, int), isinstance(n, float), isinstance(n, (int, float)), isinstance(s, str)
    b = isinstance(True, int), isinstance(None, (int, str)), isinstance(n, bool)
    if isinstance(n, int):
        return x * n, a, b
    return x + n, a, b
@capture
def classes(x, cls):
    return x * 2, isinstance(3, cls), isinstance(x, Box)
print(kinds(ones(2), 2, "s"))
print(kinds(ones(2), 3, "t"))
print(kinds(ones(2), 2.5, "s"))
print(kinds(ones(2), True, "s"))
print(classes(ones(1), int))
print(classes(ones(1), float))
