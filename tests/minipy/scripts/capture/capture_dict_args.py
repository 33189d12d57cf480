# Dicts with str keys in and out: length and the items read are guarded, and a dict
# returned from the graph carries tensors and constants.
# explain: graphs=3 graph_breaks=0 ops=5 recompiles=1 frames_captured=3
# explain-frame: linear graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=3
# explain-frame: stats graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=2 outputs=2
@capture
def linear(layer, x):
    y = x @ layer["w"]
    if len(layer) > 1:
        y = y + layer["b"]
    return {"out": y, "n": len(layer)}
@capture
def stats(x):
    return {"sum": x.sum(), "mean": x.mean(), "shape": x.shape}
w = tensor([[1.0, 2.0], [0.0, -1.0]])
x = tensor([2.0, 3.0])
print(linear({"w": w}, x))
print(linear({"w": w, "b": tensor([0.5, 0.5])}, x))
print(linear({"w": w * 2.0, "b": tensor([1.0, 1.0])}, x + 1.0))
print(linear({"w": w}, tensor([0.0, 1.0])))
print(stats(tensor([[1, 2], [3, 4]])))
