# Closures made in captured code: a made function whose closure holds cells of the
# frame, shared with it and with the other closures made there. A call of one is
# inlined and reads and writes those cells (bump and inc store through them, add and
# get read what they stored); a store to a cell of the frame is replayed into the
# frame's real cell (store_deref), and a closure that is returned is made again by the
# generated code from the frame's cells (load_closure, build_tuple, make_function):
# the returned add sees total + 1, and the returned inc and get share count, as in the
# interpreter. A comprehension that uses a variable of the frame is inlined the same
# way. Each second call hits.
# explain: graphs=3 graph_breaks=0 ops=9 recompiles=0 frames_captured=3
# explain-frame: make_adder graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 outputs=2 calls=2 cache_hits=1
# explain-frame: counter_pair graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: comprehension_uses_local graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 outputs=2 calls=1
@capture
def make_adder(x, n):
    total = x * 2
    def add(v):
        return v + total + n
    def bump():
        nonlocal total
        total = total + 1
    bump()
    y = add(x)
    return y, add
@capture
def counter_pair(x):
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    def get():
        return count
    inc()
    inc()
    return x * get(), inc, get
y, add = make_adder(tensor([1.0]), 3)
print(y, add(tensor([10.0])))
y2, add2 = make_adder(tensor([2.0]), 3)
print(y2, add2(tensor([0.0])), add(tensor([0.0])))
r, inc, get = counter_pair(tensor([1.5]))
print(r, get(), inc(), get())
r, inc2, get2 = counter_pair(tensor([1.5]))
print(r, get2(), get())
squares = [v * v for v in range(3)]
@capture
def comprehension_uses_local(x):
    k = 3
    return [x * k + i for i in range(2)]
print(comprehension_uses_local(tensor([1.0])))
