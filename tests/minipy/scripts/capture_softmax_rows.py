# Captured softmax / attention-like computation on several shapes. attention breaks at
# each interpreted call (softmax), tolist() and list append, and in its resume functions
# at the loop over the rows of scores; lists passed on are guarded item by item.
# explain: graphs=7 graph_breaks=11 ops=23 recompiles=8 frames_captured=16
# explain-frame: softmax graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=15
# explain-frame: attention graphs=2 unsupported=0 breaks=2 cache_entries=2 recompiles=1 ops=6 calls=2 cache_hits=0
# explain-frame: resume_in_attention_at_19 graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-unlisted: three resume functions of attention resume at line 20, two at 21
# explain-reason: attention@20: interpreted function 'softmax'
# explain-reason: resume_in_attention_at_19@20: interpreted function 'softmax'
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
