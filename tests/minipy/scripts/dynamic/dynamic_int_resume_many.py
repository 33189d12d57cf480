# A size on the stack at a graph break, over 20 batch sizes: the resume function gets
# it as an int argument, and when it changes (2 -> 3) it becomes a symbol, the same one
# as y's size (duck sizing, guarded L['n'] == s0). So f and its resume function each
# translate twice, and the other 18 calls hit: no cache limit is reached.
# explain: graphs=4 graph_breaks=2 ops=6 recompiles=2 frames_captured=4
# explain-frame: f graphs=2 breaks=2 cache_entries=2 recompiles=1 calls=20 cache_hits=18 graph_ops=1,1
# explain-frame: resume_in_f_at_14 graphs=2 breaks=0 cache_entries=2 recompiles=1 calls=20 cache_hits=18 graph_ops=2,2
# explain-guard: resume_in_f_at_14: L['n'] == s0
# explain-graph: resume_in_f_at_14: add: f64[] = add(sum, s0)
@capture
def f(x):
    n = x.shape[0]
    y = x * 2
    print("rows", n)
    return y.sum() + n
for k in range(2, 22):
    print(f(arange(k)))
