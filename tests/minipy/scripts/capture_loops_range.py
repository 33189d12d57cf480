# Captured functions with loops over ranges and data-dependent control flow.
# explain: graphs=4 graph_breaks=3 ops=55 recompiles=4 frames_captured=4
# explain-frame: power_iter graphs=4 unsupported=0 cache_entries=4 recompiles=3 ops=55 graph_ops=5,25,10,15
# explain-frame: cumsum graphs=0 unsupported=2 cache_entries=2 recompiles=1
# explain-frame: count_until graphs=0 unsupported=1 cache_entries=1 recompiles=0
# explain-reason: cumsum@19: item
# explain-reason: count_until@26: item
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
