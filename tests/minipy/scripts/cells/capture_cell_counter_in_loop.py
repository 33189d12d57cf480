# A counter closure made outside the trace (its cell is no frame's) called in a loop of
# captured code: each call's store is seen by the next one within the trace (one
# tracker for the cell), the loop unrolls into x * 0 + x * 1 + x * 2 + x * 3 (7 ops), and only the final
# value, 3, is replayed into the cell after the graph. The cell's contents are guarded
# (0), so the second call, which finds 3, recompiles: x * 4 + x * 5 + x * 6.
# explain: graphs=2 graph_breaks=0 ops=14 recompiles=1 frames_captured=2
# explain-frame: accumulate graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=14 calls=2 cache_hits=0
def counter():
    c = 0
    def step():
        nonlocal c
        c += 1
        return c
    def read():
        return c
    return step, read
step, read = counter()
@capture
def accumulate(x, step):
    total = x * 0
    for i in range(3):
        total = total + x * step()
    return total
x = tensor([1.0, 2.0])
print(accumulate(x, step), read())
print(accumulate(x, step), read())
