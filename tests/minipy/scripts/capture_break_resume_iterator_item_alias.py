# A list (log) live in a local and among the items a for loop's iterator has not given
# yet must stay one object across the break: the second pass appends to it through
# part, and the returned log has two tensors. The generated code builds it once.
# explain: graphs=2 graph_breaks=4 ops=2 recompiles=0 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_f_at_18 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_19 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: resume_in_f_at_20 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: f@18: print
# explain-reason: resume_in_f_at_18@19: append
# explain-reason: resume_in_f_at_19@17: for_iter
# explain-reason: resume_in_f_at_17@18: print
@capture
def f(x):
    log = [x * 2]
    for part in [[x], log]:
        print("pass", len(part))
        part.append(x + 1)
    return log
print(f(tensor([1.0, 2.0])))
