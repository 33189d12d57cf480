# A raise that the constant argument makes reachable cannot be captured: for k=-1 the
# frame graph-breaks at the ValueError(...) call (constructors are not inlined), the
# interpreter builds the exception, and the resume function (guarded on its type)
# graph-breaks at the raise itself, which ends the frame (no resume after it): the
# error reaches the caller's except. The second k=-1 call hits both frames; the
# reachable-free variants compile, and the last call hits the k=2 entry.
# explain: graphs=2 graph_breaks=2 ops=2 recompiles=2 frames_captured=4
# explain-frame: checked_scale graphs=2 unsupported=0 breaks=1 cache_entries=3 recompiles=2 ops=2 calls=5 cache_hits=2
# explain-frame: resume_in_checked_scale_at_15 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: checked_scale@15: ValueError
# explain-reason: resume_in_checked_scale_at_15@15: raise
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
