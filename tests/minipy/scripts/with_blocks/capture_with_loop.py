# A loop inside a no_grad() block, unrolled: set, add, add, add, set (5 ops); a
# block inside a loop: each iteration enters and leaves it, and the leave of one
# iteration and the enter of the next cancel: set, mul, mul, mul, set (5 ops).
# explain: graphs=2 graph_breaks=0 ops=10 recompiles=0 frames_captured=2
# explain-frame: loop_inside graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=5
# explain-frame: block_inside graphs=1 breaks=0 cache_entries=1 calls=2 cache_hits=1 graph_ops=5
@capture
def loop_inside(x):
    with no_grad():
        for i in range(3):
            x = x + i
    return x


@capture
def block_inside(x):
    for i in range(3):
        with no_grad():
            x = x * 2
    return x, is_grad_enabled()


x = tensor([1.0, 2.0])
print(loop_inside(x), block_inside(x))
print(loop_inside(x), block_inside(x), is_grad_enabled())
