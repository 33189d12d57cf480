# min and max of sizes stay symbolic: each comparison they make is a recorded relation
# (max asks `4 > s0`, recorded as `s0 >= 4`), and the result is the size that won, so
# other sizes on the same side of 4 reuse the entry (zeros(s0) is symbolic). A size
# below 4 fails `s0 >= 4` and makes a second symbolic entry, where zeros(4) is static.
# sorted() of sizes and ints orders them by relations too: x longer than y (and both
# longer than 3) is one entry, x shorter another.
# explain: graphs=4 graph_breaks=0 ops=10 recompiles=2 frames_captured=4
# explain-frame: widest graphs=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2 ops=4
# explain-frame: order graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 ops=6
# explain-guard: widest: s0 >= 4
# explain-guard: widest: s0 <= 100
# explain-guard: widest: s0 < 4
# explain-recompile: widest: s0 >= 4, but s0 = 3
# explain-guard: order: s1 >= s0
# explain-recompile: order: s1 >= s0, but s0 = 5, s1 = 2
@capture(dynamic=True)
def widest(x):
    n = max(x.shape[0], 4)
    m = min([x.shape[0], 100])
    return zeros(n) + m


@capture(dynamic=True)
def order(x, y):
    s = sorted([y.shape[0], x.shape[0], 3])
    return x.sum() + s[0] * 100 + s[2]


print(widest(tensor([1.0, 2.0, 3.0, 4.0, 5.0])))
print(widest(tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])))
print(widest(tensor([1.0, 2.0, 3.0])))
print(widest(tensor([1.0, 2.0])))
print(order(tensor([1.0, 2.0, 3.0, 4.0, 5.0]), tensor([1.0, 2.0, 3.0, 4.0])))
print(order(tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), tensor([1.0, 2.0, 3.0, 4.0, 5.0])))
print(order(tensor([1.0, 2.0]), tensor([1.0, 2.0, 3.0, 4.0, 5.0])))
