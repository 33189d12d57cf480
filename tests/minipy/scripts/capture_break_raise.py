# A raise that the constant argument makes reachable cannot be captured: that entry
# runs eagerly and raises; the reachable-free variants compile.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=2 frames_captured=2
# explain-frame: checked_scale graphs=2 unsupported=1 cache_entries=3 recompiles=2 ops=2
# explain-reason: checked_scale@9:
@capture
def checked_scale(x, k):
    if k < 0:
        raise ValueError("negative scale " + str(k))
    return x * k
x = tensor([1, 2])
print(checked_scale(x, 2))
print(checked_scale(x, 3))
for i in range(2):
    try:
        checked_scale(x, -1)
    except ValueError as e:
        print("caught", e)
print(checked_scale(x * 10, 2))
