# sum(iterable[, start]) of an iterable known at trace time is its additions one by
# one: folded on numbers, graph nodes on tensors (0 + a + b: 2 ops), the rows of a
# tensor (3 getitem, 3 add) too. A new list length or a tensor start recompiles. A
# string start is a break, where the interpreter raises.
# explain: graphs=3 graph_breaks=1 ops=22 recompiles=1 frames_captured=4
# explain-frame: total graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=10 graph_ops=4,6 calls=3 cache_hits=1
# explain-frame: rows graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=12 calls=1
# explain-frame: strings graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-reason: strings@18: sum() of strings
@capture
def total(xs, start):
    return sum(xs), sum(xs, start), sum([1, 2.5, True]), sum([], start)
@capture
def rows(t):
    return sum(t), sum([t[0], t[1] * 2], t[2])
@capture
def strings(parts):
    return sum(parts, "")
print(total([ones(2), tensor([1, 2])], 10))
print(total([ones(2), tensor([1, 2])], 10))
print(total([ones(2), tensor([1, 2]), ones(2)], zeros(2)))
print(rows(tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
try:
    strings(["a", "b"])
except TypeError as e:
    print("TypeError", e)
