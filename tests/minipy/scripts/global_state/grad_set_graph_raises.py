# A function that turns grad mode off without reading it (set False, div: 2 ops, no
# guard on grad mode) and whose graph raises (a division by zero): the runtime puts
# back the state the graph was called in and runs the frame again eagerly. Called in
# grad mode (raises, grad mode left False by the eager run), then under it off
# (divides: the same entry, a cache hit), then with grad mode on again (a hit).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 breaks=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=2
@capture
def f(x, y):
    set_grad_enabled(False)
    return x / y


x = tensor([1.0, 2.0])
try:
    f(x, tensor([0.0, 1.0]))
except ZeroDivisionError as e:
    print("caught", e, is_grad_enabled())
print(f(x, tensor([2.0, 4.0])), is_grad_enabled())
set_grad_enabled(True)
print(f(x, tensor([2.0, 4.0])), is_grad_enabled())
