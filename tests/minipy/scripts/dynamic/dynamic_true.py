# dynamic=True: every dimension of every tensor input is a symbol from the first
# translation (sizes 0 and 1 stay static); equal sizes share a symbol.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2
# explain-graph: f: graph(l_x_: i64[s0], l_y_: i64[s1, s0]):
# explain-graph: f: graph(l_x_: i64[s0], l_y_: i64[1, s0]):
# explain-recompile: f: L['y'].shape[0] is 1, but s1 >= 2 (sizes 0 and 1 are specialized)
@capture(dynamic=True)
def f(x, y):
    return x + y
print(f(tensor([1, 2, 3]), tensor([[1, 1, 1], [2, 2, 2]])))
print(f(tensor([1, 2]), tensor([[1, 1], [2, 2], [3, 3]])))
print(f(tensor([1, 2]), tensor([[5, 5]])))
print(f(tensor([1, 2, 3, 4]), tensor([[1, 1, 1, 1]])))
