# dynamic=False: no symbol ever; each new size is an ordinary recompile.
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 cache_entries=3 recompiles=2 calls=4 cache_hits=1
# explain-graph: f: graph(l_x_: i64[4]):
@capture(dynamic=False)
def f(x):
    return x * 3
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4])))
print(f(tensor([5, 6, 7])))
