# An exception raised after a graph break inside a no_grad() block, caught outside:
# the resume function's graph (set, div, set: 3 ops) raises on a zero, and grad mode
# is put back to True, as the block's exit does eagerly. The first graph is the
# multiplication alone: the block's enter and its leave at the break cancel.
# explain: graphs=2 graph_breaks=1 ops=4 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: resume_in_f_at_13 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-reason: f@13: call of print()
@capture
def f(x, y):
    a = x * 2
    with no_grad():
        print("before", is_grad_enabled())
        b = a / y
    return b


x = tensor([1.0, 2.0])
print(f(x, tensor([1.0, 2.0])), is_grad_enabled())
try:
    f(x, tensor([0.0, 2.0]))
except ZeroDivisionError as e:
    print("caught", e, is_grad_enabled())
print(is_grad_enabled())
