# 0-d tensors as inputs and results: scalar-shaped guards and broadcasting.
# explain: graphs=2 graph_breaks=0 ops=12 recompiles=1 frames_captured=2
# explain-frame: zero_d graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=12 outputs=2,2
@capture
def zero_d(s, v):
    return s * v + s, (v * s).sum() + s.mean()
v = tensor([1.0, 2.0, 3.0])
r = zero_d(tensor(2.0), v)
print(r, r[1].shape, r[0].shape)
print(zero_d(tensor(-1.0), v))
r = zero_d(tensor(3), tensor([1, 2, 3]))
print(r, r[0].dtype, r[1].dtype)
