# A print in a loop over a dict's keys: the keys are constants, so the iterator handed
# on is made again from the key not given yet ("b"); the body resume gets it on its
# stack and reads d["b"] from its own parameter d. The second call hits every entry.
# explain: graphs=2 graph_breaks=3 ops=2 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=4 cache_hits=3
# explain-frame: resume_in_f_at_15 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@17: print
# explain-reason: resume_in_f_at_17@15: for_iter
# explain-reason: resume_in_f_at_15@17: print
@capture
def f(d):
    acc = 0
    for k in d:
        acc = acc + d[k]
        print(k)
    return acc
print(f({"a": tensor([1, 2]), "b": tensor([10, 20])}))
print(f({"a": tensor([3, 4]), "b": tensor([30, 40])}))
