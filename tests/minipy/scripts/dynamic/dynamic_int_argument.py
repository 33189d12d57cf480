# An int argument that changes is a symbol from then on (automatic dynamic, as for a
# tensor size): n = 2 is a constant, 3 makes n the graph input s0, which 4, 5 and 7 hit.
# 1 and 0 stay constants (ints 0 and 1 are specialized), an entry each. 2 ops a graph.
# explain: graphs=4 graph_breaks=0 ops=8 recompiles=3 frames_captured=4
# explain-frame: f graphs=4 cache_entries=4 recompiles=3 calls=7 cache_hits=3 graph_ops=2,2,2,2 inputs=1,2,1,1
# explain-graph: f: graph(l_x_: f64[3], l_n_: Sym(s0)):
# explain-graph: f: add: f64[3] = add(mul, s0)
# explain-guard: f: type(L['n']) is int
# explain-guard: f: s0 = L['n']
# explain-recompile: f: L['n']: 2 -> 3, now dynamic
# explain-recompile: f: L['n'] is 1, but s0 >= 2 (ints 0 and 1 are specialized)
@capture
def f(x, n):
    return x * n + n
x = arange(3)
for n in [2, 3, 4, 5, 1, 0, 7]:
    print(f(x, n))
