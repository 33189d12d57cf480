# A try block in a loop body is traced like the rest of the body: the loop unrolls
# into one graph of 3 x (add, mul) = 6 ops. A call with another length recompiles f
# with that dimension dynamic: another graph of 6 ops.
# explain: graphs=2 graph_breaks=0 ops=12 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=12 calls=2 cache_hits=0
@capture
def f(x):
    for i in range(3):
        x = x + i
        try:
            x = x * 2
        except ValueError:
            pass
    return x
print(f(tensor([1.0])))
print(f(tensor([1.0, 2.0])))
