# Graph breaks in functions with cell variables. The generated code makes the resume
# function again on every run with the frame's own cells (load_closure, build_tuple,
# and the adapter's with_closure), and the resume code takes them as free variables:
# reads_after_break calls a lambda made before the break (its cell n is the resume
# function's), defines_after_break makes one after it, counts_across_break assigns n
# in an inlined closure before the break (replayed with store_deref) and in the root
# after it. Every frame is two graphs of one op each, and the second calls hit.
# explain: graphs=6 graph_breaks=3 ops=6 recompiles=0 frames_captured=6
# explain-frame: reads_after_break graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_reads_after_break_at_21 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: defines_after_break graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_defines_after_break_at_28 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: counts_across_break graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_counts_across_break_at_40 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-reason: reads_after_break@21: call of print()
@capture
def reads_after_break(x):
    n = 2
    read = lambda: n
    y = x * 2.0
    print("before", n)
    return y + read()

@capture
def defines_after_break(x):
    n = 3
    y = x + 1.0
    print("made", n)
    scale = lambda v: v * n
    return scale(y)

@capture
def counts_across_break(x):
    n = 0
    def bump():
        nonlocal n
        n += 1
    bump()
    y = x * 2.0
    print("count", n)
    n = n + 10
    return y - n

x = tensor([1.0, 2.0])
for i in range(2):
    print(reads_after_break(x))
    print(defines_after_break(x))
    print(counts_across_break(x))
