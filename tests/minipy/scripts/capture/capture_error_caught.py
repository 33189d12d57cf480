# Errors raised inside captured functions are the eager ones: a shape error found
# while translating is a graph break at the failing instruction; the graph before it
# has no operation here (none is compiled), the interpreter runs the instruction, which
# raises to the caller. The break's cache entry then serves the same bad inputs without
# translating again. add's break entry has a symbolic first size (its a changed from 2
# to 3), and the relation that failed (s0 != 2) belongs to the instruction that runs in
# the interpreter, not to the entry: the last call of add, with sizes 2 and 2, takes
# that entry, the instruction succeeds, and the resume function runs once (its graph
# has no operation).
# explain: graphs=4 graph_breaks=3 ops=7 recompiles=4 frames_captured=8
# explain-frame: resume_in_add_at_20 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-frame: add graphs=1 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=1 calls=4 cache_hits=2
# explain-frame: mm graphs=1 unsupported=0 breaks=1 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: pick graphs=2 unsupported=0 breaks=1 cache_entries=3 recompiles=2 ops=4 calls=3 cache_hits=0
# explain-reason: add@20: cannot be broadcast
# explain-reason: mm@23: not aligned
# explain-reason: pick@26: out of bounds
@capture
def add(a, b):
    return a + b
@capture
def mm(a, b):
    return (a @ b).sum()
@capture
def pick(t, i):
    return t[i] * 2
print(add(tensor([1, 2]), tensor([3, 4])))
for i in range(2):
    try:
        add(tensor([1, 2, 3]), tensor([1, 2]))
    except ValueError as e:
        print("caught:", e)
print(add(tensor([1, 2]), tensor([5, 5])))
print(mm(ones(2, 3), ones(3, 1)))
try:
    print(mm(ones(2, 3), ones(2, 3)))
except ValueError as e:
    print("caught:", e)
t = tensor([[1, 2], [3, 4], [5, 6]])
print(pick(t, 1), pick(t, -3))
try:
    pick(t, 5)
except IndexError as e:
    print("caught:", e)
