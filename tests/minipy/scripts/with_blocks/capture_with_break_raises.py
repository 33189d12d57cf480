# A call that raises, inside a no_grad() block. With n == 0 the helper is inlined and
# returns: one graph, mul, set, add, mul, set (5 ops). With n == 1 (a new constant,
# one recompile) the helper raises, which cannot be traced: the call is a graph break
# inside the block (mul, set, add, set: 4 ops), run with the no_grad() object entered
# again; the exception leaves it (grad mode True again) and reaches the caller. The
# third call hits the first entry.
# explain: graphs=2 graph_breaks=1 ops=9 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 breaks=1 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=5,4
# explain-reason: f@21: call of function 'bad'
def bad(v):
    if v > 0:
        raise ValueError("bad value")
    return v


@capture
def f(x, n):
    y = x * 2
    with no_grad():
        y = y + 1
        bad(n)
        y = y * 3
    return y


x = tensor([1.0, 2.0])
print(f(x, 0), is_grad_enabled())
try:
    f(x, 1)
except ValueError as e:
    print("caught", e, is_grad_enabled())
print(f(x, 0), is_grad_enabled())
