# graph_break() in a loop over zip of two argument lists: the iterator handed on holds
# the pairs not given yet, made again from the lists' items (sources, not graph outputs).
# The body resume gets a pair of tensors of the same metadata each pass: one entry.
# explain: graphs=2 graph_breaks=3 ops=4 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=1
# explain-frame: resume_in_f_at_17 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_15 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=2 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: f@17: graph_break
# explain-reason: resume_in_f_at_17@15: for_iter
# explain-reason: resume_in_f_at_15@17: graph_break
@capture
def f(xs, ws):
    acc = 0.0
    for x, w in zip(xs, ws):
        acc = acc + x * w
        graph_break()
    return acc
xs = [tensor([1.0, 2.0]), tensor([3.0, 4.0]), tensor([5.0, 6.0])]
ws = [tensor([1.0, 1.0]), tensor([0.5, 0.5]), tensor([2.0, 0.0])]
print(f(xs, ws))
