# A list (log) live in a local and among the items a for loop's list has not given
# yet must stay one object across the break: the second pass appends to it through
# part, and the returned log has two tensors. The generated code builds it once, and
# the loop's iterator is the list's own, made again and advanced past the first item.
# In the resume function, part is a value from the frame: the append is a side effect
# replayed after its graph (x + 1); the loop's iterator came from the frame, so its
# for_iter breaks, and the interpreter takes the next item.
# explain: graphs=2 graph_breaks=3 ops=2 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_f_at_18 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: resume_in_f_at_20 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: resume_in_f_at_18@17: for_iter
@capture
def f(x):
    log = [x * 2]
    for part in [[x], log]:
        print("pass", len(part))
        part.append(x + 1)
    return log
print(f(tensor([1.0, 2.0])))
