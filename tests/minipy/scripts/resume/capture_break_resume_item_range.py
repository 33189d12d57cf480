# item() as a range bound: the resume function unrolls range(k) (x + 0, x + 1, ...), one
# op per pass, so its graphs have k ops; it is guarded on k (2, 3, then 2 again: a hit).
# f reads only n, whose shape stays the same.
# explain: graphs=3 graph_breaks=1 ops=6 recompiles=1 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=3 cache_hits=2
# explain-frame: resume_in_f_at_10 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=5 graph_ops=2,3 calls=3 cache_hits=1
# explain-reason: f@10: item
@capture
def f(x, n):
    k = n.sum().item()
    for i in range(k):
        x = x + i
    return x
x = tensor([1.0, 2.0])
print(f(x, tensor([1, 1])))
print(f(x, tensor([2, 1])))
print(f(x, tensor([0, 2])))
