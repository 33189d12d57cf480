# matmul needs its inner sizes equal: with both dynamic and equal when traced they are
# one symbol (duck sizing) and the relation is known; the guards then keep them equal.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=4 cache_hits=2
# explain-graph: f: graph(l_a_: f64[s0, s1], l_b_: f64[s1, s2]):
# explain-graph: f: matmul: f64[s0, s2] = matmul(l_a_, l_b_)
@capture
def f(a, b):
    return a @ b
print(f(ones(2, 3), ones(3, 4)))
print(f(ones(3, 2), ones(2, 5)))
print(f(ones(4, 6), ones(6, 7)))
print(f(ones(5, 3), ones(3, 8)))
