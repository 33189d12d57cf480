# Setter nodes that change nothing are removed from the graph (cleanup_graph): a
# block around no operation leaves an enable/disable pair with nothing between, which
# cancels (empty_block: add alone, 1 op; only_state: no operation at all, so no
# graph); a block inside a block of the same mode sets what is already set (doubled:
# set, add, set, 3 ops). A block around an operation keeps its pair (kept: set, mul,
# set, 3 ops).
# explain: graphs=3 graph_breaks=0 ops=7 recompiles=0 frames_captured=4
# explain-frame: empty_block graphs=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=1
# explain-frame: kept graphs=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: doubled graphs=1 cache_entries=1 calls=2 cache_hits=1 graph_ops=3
# explain-frame: only_state graphs=0 unsupported=0 cache_entries=1 calls=2 cache_hits=1
@capture
def empty_block(x):
    with no_grad():
        pass
    return x + 1


@capture
def kept(x):
    with no_grad():
        y = x * 2
    return y


@capture
def doubled(x):
    with no_grad():
        with no_grad():
            y = x + 1
    return y


@capture
def only_state(x):
    with no_grad():
        g = is_grad_enabled()
    return g


x = tensor([1.0, 2.0])
for _ in range(2):
    print(empty_block(x), kept(x), doubled(x), only_state(x), is_grad_enabled())
