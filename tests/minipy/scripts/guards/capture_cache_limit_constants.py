# More than 8 constant arguments: entries 9+ run eagerly; another function's cache is
# unaffected by the first one reaching its limit.
# explain: graphs=9 graph_breaks=0 ops=17 recompiles=7 frames_captured=9
# explain-frame: poly graphs=8 unsupported=0 cache_entries=8 recompiles=7 ops=16
# explain-frame: other graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=1
@capture(dynamic=False)
def poly(x, k):
    return x * k + k * k
@capture(dynamic=False)
def other(x):
    return x - 1
x = tensor([1, 2, 3])
for k in range(12):
    print(k, poly(x, k))
print(poly(x, 3), poly(x, 10), poly(x, 0.5), poly(x, 7))
print(other(x), other(tensor([7, 8, 9])))
