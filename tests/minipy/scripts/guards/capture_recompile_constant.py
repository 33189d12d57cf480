# Branches on str/float/bool/None arguments are decided at trace time; each new
# constant value recompiles, repeated ones hit the cache.
# explain: graphs=6 graph_breaks=0 ops=8 recompiles=5 frames_captured=7
# explain-frame: activate graphs=5 unsupported=0 cache_entries=5 recompiles=4 ops=7
# explain-frame: maybe_neg graphs=1 unsupported=0 cache_entries=2 recompiles=1 ops=1
@capture
def activate(x, kind, alpha=None):
    if kind == "relu":
        y = x.relu()
    elif kind == "tanh":
        y = x.tanh()
    else:
        y = x.sigmoid()
    if alpha is not None:
        y = y * alpha
    return y
@capture
def maybe_neg(x, flag):
    if flag:
        return -x
    return x
x = tensor([-1.0, 0.5, 2.0])
print(activate(x, "relu"))
print(activate(x, "tanh"))
print(activate(x, "relu"))
print(activate(x, "relu", 2.0))
print(activate(x, "sigmoid"))
print(activate(x, "relu", 2.0))
print(activate(x, "relu", 3.0))
print(activate(x, "tanh", None))
print(maybe_neg(x, True), maybe_neg(x, False) is x, maybe_neg(x, True))
