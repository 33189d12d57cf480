# A no_grad() object made in captured code and returned: generated code makes it
# again by the same call (no_grad() loaded from its global); the caller enters it.
# The graph is the addition alone (1 op).
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
# explain-frame: make graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
@capture
def make(x):
    return no_grad(), x + 1


for _ in range(2):
    cm, y = make(tensor([1.0]))
    with cm:
        print(is_grad_enabled(), y)
    print(is_grad_enabled())
