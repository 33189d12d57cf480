# mark_dynamic with a dimension out of range raises IndexError, as the tensor methods do.
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
@capture
def f(x):
    return x + 1
t = tensor([[1, 2], [3, 4]])
mark_dynamic(t, 1)
print(f(t))
mark_dynamic(t, 2)
