# Straight-line tensor code captured whole: one translation serves every call with the
# same shapes and dtypes, and new values flow through the compiled graph.
# explain: graphs=1 graph_breaks=0 ops=6 recompiles=0 frames_captured=1
# explain-frame: affine_act graphs=1 unsupported=0 cache_entries=1 recompiles=0 ops=6 inputs=3 outputs=1 calls=6 cache_hits=5
@capture
def affine_act(x, w, b):
    h = x @ w
    h = h + b
    a = h.tanh()
    s = a.sigmoid()
    return s * 2.0 - 1.0
x = tensor([[1.0, -1.0], [0.5, 2.0]])
w = tensor([[0.25, 1.0], [-0.5, 0.75]])
b = tensor([0.1, -0.2])
for i in range(3):
    print(affine_act(x, w, b))
print(affine_act(x * 2.0, w, b))
print(affine_act(x, w * -1.0, b + 1.0))
print(affine_act(zeros(2, 2), w, b).shape)
