# A with block on one side of a branch on a constant argument: set, mul, set (3 ops),
# and mul alone (1 op) after the recompile for the other side.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,1
@capture
def f(x, quiet):
    if quiet:
        with no_grad():
            y = x * 2
    else:
        y = x * 3
    return y, is_grad_enabled()


x = tensor([1.0, 2.0])
print(f(x, True))
print(f(x, False))
print(f(x, True))
