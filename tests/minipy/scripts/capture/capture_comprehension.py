# Functions made in captured code are traced too: a list comprehension's function
# and a lambda (with a default) are made in the trace and their calls inlined:
# squares unrolls x * x over two tensors (2 ops, and the second call hits),
# rows_scaled keeps the rows whose static length passes (2 getitem, 2 mul, 0 + a + b,
# + 1: 7 ops), lam is x * 2 + x * 3 (3 ops). A lambda that is returned is made again
# by the generated code (load_const, make_function) and works after the call. A
# comprehension nested in another closes over the outer one's variable a and the
# frame's xs: xs is a cell of the frame, shared by the made closures, and a is a cell
# the inlined outer comprehension makes in the trace, read by the inner one; the
# four a + b are one graph.
# explain: graphs=5 graph_breaks=0 ops=17 recompiles=0 frames_captured=5
# explain-frame: squares graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: rows_scaled graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=7 calls=1
# explain-frame: nested graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 calls=1
# explain-frame: lam graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=3 calls=1
# explain-frame: returns_lambda graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1
@capture
def squares(xs):
    return [v * v for v in xs]
@capture
def rows_scaled(t):
    return sum([r * 2 for r in t if r.shape[0] > 1]) + 1
@capture
def nested(xs):
    return [[a + b for b in xs] for a in xs]
@capture
def lam(x):
    f = lambda v, k=2: v * k
    return f(x) + f(x, 3)
@capture
def returns_lambda(x):
    g = lambda v: v + 1
    return g, x * 2
print(squares([ones(2), tensor([1.0, 2.0])]))
print(squares([ones(2), tensor([1.0, 2.0])]))
print(rows_scaled(tensor([[1.0, 2.0], [3.0, 4.0]])))
print(nested([ones(1), tensor([2.0])]))
print(lam(ones(2)))
g, y = returns_lambda(ones(2))
print(g(y))
