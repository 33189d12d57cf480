# Captured softmax / attention-like computation on several shapes. attention inlines
# softmax (5 ops) and breaks at tolist(); in its resume functions the list append is
# a side effect (rows is a parameter there), and the loop over the rows of scores
# breaks at for_iter; tensor(rows) is a graph node of the last one.
# explain: graphs=8 graph_breaks=6 ops=40 recompiles=6 frames_captured=11
# explain-frame: softmax graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=15 calls=4 cache_hits=1
# explain-frame: attention graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=16 graph_ops=8,8 calls=2 cache_hits=0
# explain-frame: resume_in_attention_at_20 graphs=0 unsupported=0 breaks=3 cache_entries=3 recompiles=2 calls=3 cache_hits=0
# explain-frame: resume_in_attention_at_19 graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=5 calls=1
# explain-frame: resume_in_attention_at_21 graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=4 graph_ops=2,2 calls=2
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
