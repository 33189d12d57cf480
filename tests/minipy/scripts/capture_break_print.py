# print() inside a captured function: the frame runs eagerly so the output appears on
# every call; arguments read before the print are guarded.
# explain: graphs=0 graph_breaks=2 ops=0 recompiles=1 frames_captured=0
# explain-frame: noisy graphs=0 unsupported=2 cache_entries=2 recompiles=1
# explain-reason: noisy@9: print
@capture
def noisy(x):
    y = x * 2
    print("computing", y.shape, y)
    return y + 1
print(noisy(tensor([1, 2])))
print(noisy(tensor([3, 4])))
print(noisy(tensor([[1.5]])))
print(noisy(tensor([5, 6])))
