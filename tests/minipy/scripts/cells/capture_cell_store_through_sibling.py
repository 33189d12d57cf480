# A closure passed in that stores into the captured function's own free variable:
# inc's cell is run's n (guarded by identity), so its stores go to run's cell tracker,
# the read of n after them sees 2, and the store is replayed with store_deref, as a
# nonlocal store of run itself would be (get() reads 2 after the call). n is read from
# the frame first (guard L['n'] == 0), so the next call recompiles (x + 4). With the
# inc of another make(), whose cell is not run's, the identity guard fails: inc's
# stores are replayed into its own cell (get2() reads 2), and run reads its n, 4.
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=2 frames_captured=3
# explain-frame: run graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=3 cache_hits=0
def make():
    n = 0
    def inc():
        nonlocal n
        n += 1
    def get():
        return n
    @capture
    def run(x, inc):
        inc()
        inc()
        return x + n
    return run, inc, get
run, inc, get = make()
run2, inc2, get2 = make()
x = tensor([1.0, 2.0])
print(run(x, inc), get())
print(run(x, inc), get())
print(run(x, inc2), get(), get2())
