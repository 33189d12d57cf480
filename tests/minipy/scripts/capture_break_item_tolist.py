# item(), tolist() and allclose() need tensor values at trace time: each frame runs
# eagerly, once per set of guards.
# explain: graphs=0 graph_breaks=3 ops=0 recompiles=0 frames_captured=0
# explain-frame: total_item graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: as_list graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-frame: close graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: total_item@12: item
# explain-reason: as_list@15: tolist
# explain-reason: close@18: allclose
@capture
def total_item(x):
    return (x * 2).sum().item() + 1
@capture
def as_list(x):
    return (x + 1).tolist()
@capture
def close(a, b):
    return allclose(a * 2, b)
x = tensor([[1, 2], [3, 4]])
print(total_item(x), total_item(x * 2))
print(as_list(x), as_list(x - 1))
print(close(tensor([1.0, 2.0]), tensor([2.0, 4.0])), close(tensor([1.0, 2.0]), tensor([2.0, 5.0])))
