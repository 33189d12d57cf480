# A tensor operation that raises inside a captured no_grad() block: the graph has
# already set grad mode to False; the runtime puts back the value it had when the graph
# was called and runs the frame again eagerly, so the exception passes through the
# block's real exit (grad mode True again) on its way to the caller. divide: set, div,
# set (3 ops), its second and third calls hit the cache. off_divide changes grad mode
# outside any block before its division (set, div): the eager run leaves it False.
# explain: graphs=2 graph_breaks=0 ops=5 recompiles=0 frames_captured=2
# explain-frame: divide graphs=1 breaks=0 cache_entries=1 calls=3 cache_hits=2 graph_ops=3
# explain-frame: off_divide graphs=1 breaks=0 cache_entries=1 calls=1 cache_hits=0 graph_ops=2
@capture
def divide(x, y):
    with no_grad():
        z = x / y
    return z


@capture
def off_divide(x, y):
    set_grad_enabled(False)
    return x / y


x = tensor([1.0, 2.0])
print(divide(x, tensor([2.0, 4.0])), is_grad_enabled())
try:
    divide(x, tensor([0.0, 1.0]))
except ZeroDivisionError as e:
    print("caught", e, is_grad_enabled())
print(divide(x, tensor([2.0, 4.0])), is_grad_enabled())
try:
    off_divide(x, tensor([0.0, 1.0]))
except ZeroDivisionError as e:
    print("caught", e, is_grad_enabled())
set_grad_enabled(True)
print(is_grad_enabled())
