# A conditional expression on a tensor (split over two lines, so its two sides resume
# in frames of different names) and `not` on a tensor: unary not is not a jump, so it
# has one resume function (line 17), shared by both sides and guarded on the bool
# (False, True, then False again: a hit).
# explain: graphs=3 graph_breaks=3 ops=5 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_15 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_16 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=1 cache_hits=0
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-reason: f@15: branch on a tensor
# explain-reason: resume_in_f_at_15@17: not on a tensor
# explain-reason: resume_in_f_at_16@17: not on a tensor
@capture
def f(x):
    y = (x * 2 if x.sum()
         else x * 3)
    flag = not y.sum()
    return y, flag
print(f(tensor([1, 2])))
print(f(tensor([1, -1])))
print(f(tensor([2, 3])))
