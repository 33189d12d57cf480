# With static sizes (dynamic=False), every new input shape fails the tensor guard and
# recompiles; shapes seen before hit their cache entry.
# explain: graphs=5 graph_breaks=0 ops=10 recompiles=4 frames_captured=5
# explain-frame: center graphs=5 unsupported=0 cache_entries=5 recompiles=4 ops=10
@capture(dynamic=False)
def center(x):
    return x - x.mean()
for n in [3, 4, 3, 5, 4]:
    v = arange(n)
    print(n, center(v))
print(center(ones(2, 2)))
print(center(tensor([[1.0, 2.0, 3.0, 6.0]])))
print(center(tensor([[1.0, 2.0], [3.0, 6.0]])))
