# A graph break in the body of a loop of 200 iterations: each iteration's break calls a
# resume function from the generated code of the one before, so captured frames nest
# two per iteration (the one after the print, which breaks at for_iter on the range
# iterator from outside the trace, and the one at the for, whose body adds 1 and breaks
# at the print). At 256 nested captured frames (runtime_options::max_nested_frames) the
# next one runs eagerly and finishes the loop in the interpreter: f, then 128 and 127
# captured calls of the two resume functions; the 128th of the second runs eagerly.
# The second resume function gets the loop's int on its stack: 1 is a constant, 2 makes
# it a symbol (automatic dynamic), a second entry.
# explain: graphs=3 graph_breaks=4 ops=3 recompiles=1 frames_captured=4
# explain-frame: f graphs=1 breaks=1 cache_entries=1 calls=1 ops=1
# explain-frame: resume_in_f_at_19 graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=128 cache_hits=127
# explain-frame: resume_in_f_at_17 graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=128 cache_hits=125 graph_ops=1,1
# explain-reason: resume_in_f_at_19@17: for_iter on a 'range_iterator' object made outside the trace
@capture
def f(x):
    for i in range(200):
        x = x + 1
        print(i)
    return x
print(f(tensor([1.0])))
