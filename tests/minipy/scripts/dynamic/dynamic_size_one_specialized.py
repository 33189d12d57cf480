# Sizes 0 and 1 stay static: a call with one row after the entry became symbolic gets
# an entry of its own (the symbolic entry guards s0 >= 2), and so does an empty tensor.
# The symbolic entry keeps serving sizes of 2 and more, the size-1 entry size 1.
# explain: graphs=4 graph_breaks=0 ops=4 recompiles=3 frames_captured=4
# explain-frame: f graphs=4 cache_entries=4 recompiles=3 calls=8 cache_hits=4
# explain-recompile: f: L['x'].shape[0] is 1, but s0 >= 2 (sizes 0 and 1 are specialized)
# explain-graph: f: graph(l_x_: f64[1]):
# explain-graph: f: graph(l_x_: f64[0]):
@capture
def f(x):
    return x * 0.5
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0, 3.0])))
print(f(tensor([8.0])))
print(f(tensor([1.0, 2.0, 3.0, 4.0])))
print(f(tensor([6.0])))
print(f(tensor([1.0, 1.0])))
print(f(tensor([]).float()))
print(f(tensor([2.0])))
