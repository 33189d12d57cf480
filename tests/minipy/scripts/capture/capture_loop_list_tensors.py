# Loops over a list of tensors unroll; the element picked by a shape comparison is
# returned as the input object itself.
# explain: graphs=4 graph_breaks=0 ops=20 recompiles=2 frames_captured=4
# explain-frame: sum_of_squares graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=14
# explain-frame: longest graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=6
@capture
def sum_of_squares(ts):
    total = zeros(2)
    for t in ts:
        total = total + t * t
    return total
@capture
def longest(ts):
    best = 0
    for i in range(len(ts)):
        if ts[i].shape[0] > ts[best].shape[0]:
            best = i
    t = ts[best]
    return t, (t * t).sum().sqrt()
a = tensor([1.0, 2.0])
b = tensor([3, 4])
c = tensor([0.5, 0.5])
print(sum_of_squares([a, b, c]))
print(sum_of_squares([c, b, a * 2.0]))
print(sum_of_squares((a, b, c)))
u = tensor([3.0, 4.0])
v = tensor([1.0, 2.0, 2.0])
r = longest([u, v])
print(r, r[0] is v)
r = longest([v, u])
print(r, r[0] is v)
