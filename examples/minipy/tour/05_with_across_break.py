# A graph break inside a with block: graph 0 enters no_grad, multiplies and leaves it;
# the print runs with the block entered again; the resume function enters it again for
# the + 1.0, leaves it, and multiplies by x with grad mode back on.
# explain: graphs=2 graph_breaks=1 ops=7 recompiles=0 frames_captured=2
@capture
def f(x):
    with no_grad():
        y = x * 2.0
        print("grad enabled inside:", is_grad_enabled())
        z = y + 1.0
    return z * x

print(f(tensor([1.0, 2.0])))
