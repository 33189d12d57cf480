# Errors raised inside captured functions are the eager ones: a shape error found
# while translating makes the frame run eagerly, which raises it to the caller; the
# eager entry then serves the same bad inputs without translating again.
# explain: graphs=4 graph_breaks=3 ops=7 recompiles=4 frames_captured=4
# explain-frame: add graphs=1 unsupported=1 cache_entries=2 recompiles=1 ops=1
# explain-frame: mm graphs=1 unsupported=1 cache_entries=2 recompiles=1 ops=2
# explain-frame: pick graphs=2 unsupported=1 cache_entries=3 recompiles=2 ops=4
# explain-reason: add@13: cannot be broadcast
# explain-reason: mm@16: not aligned
# explain-reason: pick@19: out of bounds
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
