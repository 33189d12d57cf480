# Tensor constructors with arguments known at trace time are graph nodes: tensor() of
# nested lists and tuples (a list from the frame is guarded item by item, so new
# contents recompile), zeros, ones, full and arange; a tensor that only gives its
# shape is dead code. Bad data is a graph break whose reason is the error the
# interpreter then raises.
# explain: graphs=5 graph_breaks=3 ops=48 recompiles=5 frames_captured=8
# explain-frame: mix graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=30 graph_ops=10,10,10 calls=4 cache_hits=1
# explain-frame: bad graphs=0 unsupported=0 breaks=3 cache_entries=3 recompiles=2 calls=3
# explain-frame: built graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=18 graph_ops=9,9 calls=2
# explain-reason: bad@24: ragged nested sequence
# explain-reason: bad@26: elements must be numbers
# explain-reason: bad@27: ragged nested sequence
@capture
def mix(x, data):
    a = tensor([[1, 2], [3, 4]])
    b = tensor(((0.5, 2), (3, 4)))
    c = tensor(data)
    d = tensor(3)
    e = tensor([])
    return x + a + b + c + d, e.shape, tensor(True) + 1
@capture
def bad(which):
    if which == 0:
        return tensor([[1, 2], [3]])
    if which == 1:
        return tensor([1, "a"])
    return tensor([[1, 2], 3])
@capture
def built(n):
    return zeros(n, 2) + ones(2) + full((n, 1), 3) + arange(2) + tensor([[n, n + 1]])
print(mix(ones(2, 2), [5, 6]))
print(mix(ones(2, 2), [5, 6]))
print(mix(ones(2, 2), [7, 8]))
print(mix(ones(2, 2), (7.5, 8)))
for w in range(3):
    try:
        bad(w)
    except ValueError as err:
        print("ValueError", err)
    except TypeError as err:
        print("TypeError", err)
print(built(1))
print(built(3))
