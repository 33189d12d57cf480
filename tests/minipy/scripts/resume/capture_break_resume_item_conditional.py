# item() feeding a Python if: the resume function is guarded on the number, so the
# branch is decided at trace time and only the side taken is recorded (x * 10 for 3.0,
# x - v for 2.0); the same maximum again hits.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-reason: f@10: item
@capture
def f(x):
    v = x.max().item()
    if v > 2:
        return x * 10
    return x - v
print(f(tensor([1.0, 3.0])))
print(f(tensor([3.0, 1.0])))
print(f(tensor([1.0, 2.0])))
