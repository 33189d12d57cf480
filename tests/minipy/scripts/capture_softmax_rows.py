# Captured softmax / attention-like computation on several shapes.
# explain: graphs=3 graph_breaks=2 ops=15 recompiles=3 frames_captured=3
# explain-frame: softmax graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=15
# explain-frame: attention graphs=0 unsupported=2 cache_entries=2 recompiles=1
# explain-reason: attention@15:
@capture
def softmax(v):
    e = (v - v.max()).exp()
    return e / e.sum()
@capture(backend="verify")
def attention(q, k, v):
    scores = q @ k.t()
    rows = []
    for row in scores:
        rows.append(softmax(row).tolist())
    return tensor(rows) @ v
print(softmax(tensor([1.0, 2.0, 3.0])))
print(softmax(tensor([0, 0])))
print(softmax(tensor([1000.0, 1000.0])))
q = tensor([[1.0, 0.0], [0.0, 1.0]])
k = tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
v = tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
out = attention(q, k, v)
print(out.shape)
print(out)
print(attention(tensor([[0.5, 0.5]]), k, v))
print(allclose(softmax(tensor([2.0, 2.0, 2.0])).sum(), tensor(1.0)))
