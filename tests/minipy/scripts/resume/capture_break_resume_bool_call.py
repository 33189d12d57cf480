# bool(t) is data-dependent: f's graph computes the sum, bool runs in the interpreter,
# and the resume function receives the Python bool, guarded by value, so its if is
# decided at trace time: True twice (one translation, then a hit), then False.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=3 cache_hits=1
# explain-reason: f@10: bool
@capture
def f(x):
    flag = bool(x.sum())
    if flag:
        return x * 2, flag
    return x * 3, flag
print(f(tensor([1, 2])))
print(f(tensor([3, 4])))
print(f(tensor([1, -1])))
