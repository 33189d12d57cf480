# graph_break() in a loop over a tuple of tensor arguments: the iterator handed on holds
# b and c (reloaded from f's arguments). The body resumes with t on its stack, guarded
# as a tensor: b and c match in the first call, while the int c of the second call
# recompiles it (and f, which reads c to build the tuple).
# explain: graphs=4 graph_breaks=5 ops=6 recompiles=2 frames_captured=6
# explain-frame: f graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=6 cache_hits=5
# explain-frame: resume_in_f_at_15 graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=4 cache_hits=2
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@17: graph_break
# explain-reason: resume_in_f_at_17@15: for_iter
@capture
def f(a, b, c):
    acc = a * 0
    for t in (a, b, c):
        acc = acc + t
        graph_break()
    return acc
print(f(tensor([1.0, 2.0]), tensor([3.0, 4.0]), tensor([5.0, 6.0])))
print(f(tensor([1.0, 2.0]), tensor([0.5, 0.5]), tensor([10, 20])))
