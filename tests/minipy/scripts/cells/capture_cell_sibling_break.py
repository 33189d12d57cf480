# A store through a closure over the frame's own cell, then a graph break: the store
# is replayed (store_deref n) before the print runs, so the print shows 10, and the
# resume function, which gets the frame's cells, continues with n = 10: y = x + 10,
# inc() again (its cell is the resume function's n, by identity), y + 20. run's part
# before the print has no operation (no graph). Each call starts from the n the last
# one left (guarded: L['n'] == 0, then 20), so both functions recompile once.
# explain: graphs=2 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: run graphs=0 unsupported=0 breaks=2 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-frame: resume_in_run_at_19 graphs=2 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-reason: run@19: print
def make():
    n = 0
    def inc():
        nonlocal n
        n += 10
    @capture
    def run(x, inc):
        inc()
        print("between", n)
        y = x + n
        inc()
        return y + n
    def get():
        return n
    return run, inc, get
run, inc, get = make()
x = tensor([1.0, 2.0])
print(run(x, inc), get())
print(run(x, inc), get())
