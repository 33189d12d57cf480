# A raise that the constant argument makes reachable, with no handler in the frame:
# for k=-1 the ValueError(...) is made in the trace (str(k) specializes k), and the
# raise is a graph break whose generated code makes the exception again and raises
# it; nothing follows a raise, so there is no resume function. The error reaches the
# caller's except. The second k=-1 call hits that entry; the reachable-free variants
# compile, and the last call hits the k=2 entry.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=2 frames_captured=3
# explain-frame: checked_scale graphs=2 unsupported=0 breaks=1 cache_entries=3 recompiles=2 ops=2 calls=5 cache_hits=2
# explain-reason: checked_scale@13: raise statement
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
