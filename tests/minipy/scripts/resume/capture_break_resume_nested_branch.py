# Nested branches on tensors: f breaks at the outer test (two resume functions: line
# 16, the inner test, and line 19), the inner test breaks again (lines 17 and 18). The
# inputs take every path once, then the first again: each frame is translated when
# first reached and hit afterwards.
# explain: graphs=5 graph_breaks=2 ops=5 recompiles=0 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=4 cache_hits=3
# explain-frame: resume_in_f_at_16 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_17 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_19 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=1 cache_hits=0
# explain-reason: f@15: branch on a tensor
# explain-reason: resume_in_f_at_16@16: branch on a tensor
@capture
def f(x, y):
    if x.sum():
        if y.sum():
            return x + y
        return x - y
    return x * y
print(f(tensor([1, 2]), tensor([1, 1])))
print(f(tensor([1, 2]), tensor([1, -1])))
print(f(tensor([1, -1]), tensor([3, 4])))
print(f(tensor([2, 3]), tensor([4, 5])))
