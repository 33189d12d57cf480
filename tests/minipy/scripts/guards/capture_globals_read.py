# Globals read inside a captured function are guarded where they live: a new tensor of
# the same shape is read afresh, a new constant or a new builtin recompiles.
# explain: graphs=5 graph_breaks=0 ops=8 recompiles=3 frames_captured=5
# explain-frame: project graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=6
# explain-frame: act_on graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=2
W = tensor([[1.0, 2.0], [3.0, 4.0]])
SCALE = 2
act = relu
@capture
def project(x):
    return (x @ W) * SCALE
@capture
def act_on(x):
    return act(x)
x = tensor([1.0, -1.0])
print(project(x))
W = tensor([[0.0, 1.0], [1.0, 0.0]])
print(project(x))
SCALE = 3
print(project(x))
W = tensor([[1, 0], [0, 1]])
print(project(x))
SCALE = 2
W = tensor([[2.0, 0.0], [0.0, 2.0]])
print(project(x))
print(act_on(x))
act = tanh
print(act_on(x))
act = relu
print(act_on(x * 3.0))
