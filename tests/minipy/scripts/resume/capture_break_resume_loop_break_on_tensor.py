# `if x.max(): break` in a range loop: the branch on a tensor resumes either at the
# break statement (line 18: pop the iterator, return x and i, guarded on i) or after
# the if (line 19: x + 1, then the handed-on iterator's for_iter breaks and the body
# resumes at line 15 with i=1). i=0 and i=1 are two entries of the line 18 resume.
# explain: graphs=3 graph_breaks=3 ops=5 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-frame: resume_in_f_at_19 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_f_at_15 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=1
# explain-reason: f@17: branch on a tensor
# explain-reason: resume_in_f_at_19@15: for_iter
# explain-reason: resume_in_f_at_15@17: branch on a tensor
@capture
def f(x):
    for i in range(3):
        x = x * 2
        if x.max():
            break
        x = x + 1
    return x, i
print(f(tensor([1, 0])))
print(f(tensor([0, -1])))
print(f(tensor([3, 1])))
