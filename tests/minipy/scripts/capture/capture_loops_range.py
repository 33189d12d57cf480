# Captured functions with loops over ranges and data-dependent control flow. item()
# is a graph break; in cumsum, out is a parameter of the resume functions, so the
# append is a side effect replayed after the graph (no break), and for_iter breaks in
# the resume functions that get the range iterator as an opaque object: every pass
# of the loop goes through the same resume codes, which recompile for each new constant
# (item()'s value, acc, i; out, only appended to, is guarded by type: two passes of the
# second call hit). count_until breaks at item() on each test, in one resume code.
# explain: graphs=18 graph_breaks=17 ops=69 recompiles=16 frames_captured=24
# explain-frame: power_iter graphs=4 unsupported=0 cache_entries=4 recompiles=3 ops=55 graph_ops=5,25,10,15
# explain-frame: cumsum graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=2 calls=2 cache_hits=0
# explain-frame: resume_in_cumsum_at_32 graphs=0 breaks=5 cache_entries=5 recompiles=4 calls=7 cache_hits=2
# explain-frame: resume_in_cumsum_at_31 graphs=5 breaks=5 cache_entries=5 recompiles=4 ops=5 calls=5 cache_hits=0
# explain-frame: count_until graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-reason: cumsum@32: item
# explain-reason: resume_in_cumsum_at_32@31: for_iter
# explain-reason: resume_in_cumsum_at_31@32: item
# explain-frame: resume_in_cumsum_at_34 graphs=2 breaks=0 cache_entries=2 recompiles=1 ops=2 calls=2
# explain-reason: count_until@39: item
# explain-reason: resume_in_count_until_at_39@39: item
#
@capture
def power_iter(m, v, steps):
    for i in range(steps):
        v = m @ v
        v = v / (v * v).sum().sqrt()
    return v
@capture
def cumsum(v):
    out = []
    acc = 0.0
    for i in range(len(v)):
        acc = acc + v[i].item()
        out.append(acc)
    return tensor(out)
@capture
def count_until(t, limit):
    total = zeros(1)
    n = 0
    while total.item() < limit:
        total = total + t
        n += 1
    return n, total
m = tensor([[2.0, 1.0], [1.0, 3.0]])
print(power_iter(m, tensor([1.0, 0.0]), 1))
print(power_iter(m, tensor([1.0, 0.0]), 5))
print(cumsum(tensor([1.0, 2.0, 3.0, 4.0])), cumsum(arange(3)))
print(count_until(tensor([0.75]), 3))
total = zeros(2, 2)
for k in range(1, 4):
    total = total + power_iter(m, ones(2), k).reshape(2, 1) @ ones(1, 2)
print(total)
