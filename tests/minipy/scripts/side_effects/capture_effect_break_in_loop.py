# A loop that appends to an argument list and prints on every pass: the appends before
# each print are replayed by the code at the break, so the print sees the list grown.
# The resume functions get the range iterator as an opaque object and break at
# for_iter; the one after it reads the list, guarded on its length, so its second
# pass translates again.
# explain: graphs=3 graph_breaks=4 ops=3 recompiles=1 frames_captured=5
# explain-frame: trace_loop graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_trace_loop_at_19 graphs=0 breaks=1 cache_entries=1 recompiles=0 calls=3 cache_hits=2
# explain-frame: resume_in_trace_loop_at_16 graphs=2 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_trace_loop_at_20 graphs=0 breaks=0 cache_entries=1 recompiles=0 calls=1
# explain-reason: trace_loop@19: print
# explain-reason: resume_in_trace_loop_at_19@16: for_iter
# explain-reason: resume_in_trace_loop_at_16@19: print
@capture
def trace_loop(x, log):
    for i in range(3):
        x = x * 2
        log.append(i)
        print("step", i, len(log))
    return x, len(log)
log = []
print(trace_loop(tensor([1.0]), log), log)
