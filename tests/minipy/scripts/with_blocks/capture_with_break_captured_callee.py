# A captured function called from another, breaking inside its own no_grad() block:
# no graph break inside the inlined call is made within a block, so the call is the
# break in outer (no operation before it, no graph) and inner runs in the interpreter,
# where it is captured on its own: set, mul, set (3 ops), a break at its print, and
# its resume function returns from inside the block: set, add, set (3 ops). outer's
# resume function multiplies (1 op).
# explain: graphs=3 graph_breaks=2 ops=7 recompiles=0 frames_captured=4
# explain-frame: outer graphs=0 breaks=1 cache_entries=1 calls=2 cache_hits=1
# explain-frame: resume_in_outer_at_23 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: inner graphs=1 breaks=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: resume_in_inner_at_17 graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-reason: outer@23: call of function 'inner'
@capture
def inner(v):
    with no_grad():
        w = v * 2
        print("inner", is_grad_enabled())
        return w + 1


@capture
def outer(x):
    y = inner(x)
    return y * 3, is_grad_enabled()


x = tensor([1.0, 2.0])
print(outer(x))
print(outer(x))
