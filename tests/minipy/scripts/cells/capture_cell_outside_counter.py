# A counter closure made outside the trace, called from captured code: its cell is not
# the frame's, so its stores are side effects on the cell object, replayed after the
# graph as L['step'].__closure__[0].cell_contents = value, and read back within the
# trace through the same tracker (the second step() sees the first one's store). tick:
# x * 1 + 2, then, the cell's contents guarded (0, now 2), a recompile: x * 3 + 4.
# tick_and_read: read's cell is step's (guarded: L['read'].__closure__[0] is
# L['step'].__closure__[0]), so read() sees the store: x * 5, then x * 6 after a
# recompile. No graph break.
# explain: graphs=4 graph_breaks=0 ops=6 recompiles=2 frames_captured=4
# explain-frame: tick graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 calls=2 cache_hits=0
# explain-frame: tick_and_read graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
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
def tick(x, step):
    a = step()
    b = step()
    return x * a + b
@capture
def tick_and_read(x, step, read):
    step()
    return x * read()
x = tensor([1.0, 2.0])
print(tick(x, step), read())
print(tick(x, step), read())
print(tick_and_read(x, step, read), read())
print(tick_and_read(x, step, read), read())
