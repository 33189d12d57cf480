# Default and keyword arguments are frame locals like any other: None, str, int and
# float values are guarded by type and value.
# explain: graphs=5 graph_breaks=0 ops=16 recompiles=4 frames_captured=5
# explain-frame: layer graphs=5 unsupported=0 cache_entries=5 recompiles=4 ops=16
@capture
def layer(x, w, b=None, act="relu", scale=1.0):
    y = x @ w
    if b is not None:
        y = y + b
    if act == "relu":
        y = y.relu()
    elif act == "tanh":
        y = y.tanh()
    return y * scale
x = tensor([1.0, -2.0])
w = tensor([[1.0, 0.5], [0.5, 1.0]])
b = tensor([0.25, 0.25])
print(layer(x, w))
print(layer(x, w, act="relu"))
print(layer(x, w=w))
print(layer(x, w, b))
print(layer(x, w, b, "tanh", 2.0))
print(layer(x, w, scale=1))
print(layer(x, w, act="none"))
print(layer(x, w, None, "relu", 1.0))
