# Guards and a recompile: the second call passes an int64 tensor, the dtype guard
# fails, and the function is translated again; the report gives the reason.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
@capture
def f(x):
    return x * 2

print(f(tensor([1.0, 2.0])))
print(f(tensor([1, 2])))
print(f(tensor([3.0, 4.0])))
