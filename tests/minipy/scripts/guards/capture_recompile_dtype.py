# dtype is part of the tensor guard, and constants are guarded with their type:
# 2, 2.0 and True are three different cache entries and give different results.
# explain: graphs=7 graph_breaks=0 ops=7 recompiles=5 frames_captured=7
# explain-frame: scale graphs=5 unsupported=0 cache_entries=5 recompiles=4 ops=5
# explain-frame: halve graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=2
@capture
def scale(x, k):
    return x * k
@capture
def halve(x):
    return x / 2
print(scale(tensor([1, 2]), 2))
print(scale(tensor([1, 2]), 2.0))
print(scale(tensor([1.0, 2.0]), 2))
print(scale(tensor([3, 4]), 2))
print(scale(tensor([3, 4]), True))
print(scale(tensor([1.0, 2.0]), 2.0))
print(scale(tensor([5, 6]), 2.0))
print(halve(tensor([1, 3])), halve(tensor([1.0, 3.0])), halve(tensor([5, 7])))
