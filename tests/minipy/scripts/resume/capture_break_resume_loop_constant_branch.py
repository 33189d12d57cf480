# graph_break() under a constant condition inside a range loop: passes i=0,1 are traced
# without a break, i=2 breaks (f's graph has three ops). After that the loop runs over a
# handed-on iterator: the body resume (i=3, x + 1) ends at the for_iter of the next pass,
# which breaks again and resumes in the same code's exit (return x, no graph).
# explain: graphs=2 graph_breaks=3 ops=4 recompiles=0 frames_captured=4
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=3 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_18 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_15 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_19 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@18: graph_break
# explain-reason: resume_in_f_at_18@15: for_iter
# explain-reason: resume_in_f_at_15@15: for_iter
@capture
def f(x):
    for i in range(4):
        x = x + 1
        if i == 2:
            graph_break()
    return x
print(f(tensor([1, 2])))
print(f(tensor([10, 20])))
