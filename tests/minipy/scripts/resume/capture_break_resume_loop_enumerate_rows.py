# A print in a loop over enumerate(x) of a 3x2 tensor: enumerate takes the rows at once
# (three getitem ops in f's graph, besides x[0], * 0, row * 0 and the add), so the
# iterator handed on holds (1, row 1) and (2, row 2), two graph outputs. The body
# resume is guarded on the tuple it gets: the index 1, then 2, recompiles it.
# explain: graphs=3 graph_breaks=4 ops=11 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=7 outputs=3 calls=1
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_16 graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: resume_in_f_at_19 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: f@18: print
# explain-reason: resume_in_f_at_18@16: for_iter
# explain-reason: resume_in_f_at_16@18: print
@capture
def f(x):
    acc = x[0] * 0
    for i, row in enumerate(x):
        acc = acc + row * i
        print(i)
    return acc
print(f(tensor([[1, 2], [3, 4], [5, 6]])))
