# A size live across a graph break: the graph outputs it (the call's size, not the
# traced one) and the print at the break shows it. The resume function gets the size
# as an int argument: a constant when first seen, a symbol once it changed (one with y's
# size, duck sizing), so sizes 3, 4, 3 need one recompile of each function.
# explain: graphs=4 graph_breaks=2 ops=4 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=1,1
# explain-unlisted: the resume functions of f
# explain-graph: f: mul: i64[s0] = mul(l_x_, 2)
@capture
def f(x):
    n = x.shape[0]
    y = x * 2
    print("n =", n)
    return y + n
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4])))
print(f(tensor([5, 6, 7])))
