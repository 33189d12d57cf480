# A helper that prints, called in a loop: the first break is inside the inlined call,
# with the loop's iterator on f's stack (made again as range(1, 3, 1)); that resume
# function finishes the helper and breaks at the loop over the rebuilt iterator, whose
# body (specialized on i: 1, then 2) breaks inside the helper again and reuses it.
# explain: graphs=4 graph_breaks=4 ops=8 recompiles=1 frames_captured=5
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_21_via_step_at_15 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=6 cache_hits=5
# explain-frame: resume_in_f_at_20 graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=4 calls=4 cache_hits=2
# explain-frame: resume_in_f_at_22 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@15: call of print() (in an inlined call: f line 21 > step line 15)
# explain-reason: resume_in_f_at_21_via_step_at_15@20: for_iter on a 'range_iterator' object made outside the trace
# explain-reason: resume_in_f_at_20@15: call of print() (in an inlined call: resume_in_f_at_20 line 21 > step line 15)
def step(acc, v):
    out = acc + v
    print("step")
    return out * 0.5
@capture
def f(xs):
    acc = xs[0]
    for i in range(3):
        acc = step(acc, xs[i])
    return acc
print(f(tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
print(f(tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])))
