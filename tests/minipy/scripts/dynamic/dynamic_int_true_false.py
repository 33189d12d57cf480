# dynamic=True makes int arguments symbols from the first translation too (g: x's size
# s0, n s1); 1 is specialized, a second entry. dynamic=False keeps ints constants (h:
# each value its own entry). One op a graph.
# explain: graphs=4 graph_breaks=0 ops=4 recompiles=2 frames_captured=4
# explain-frame: g graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-frame: h graphs=2 cache_entries=2 recompiles=1 calls=2 cache_hits=0
# explain-graph: g: graph(l_x_: f64[s0], l_n_: Sym(s1)):
# explain-recompile: g: L['n'] is 1, but s1 >= 2 (ints 0 and 1 are specialized)
# explain-recompile: h: L['n'] == 5, but got int 6
@capture(dynamic=True)
def g(x, n):
    return x + n
@capture(dynamic=False)
def h(x, n):
    return x + n
x = arange(3)
print(g(x, 5), g(x, 6), g(x, 1))
print(h(x, 5), h(x, 6))
