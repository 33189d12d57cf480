# cond with a predicate known at trace time (a bool argument, guarded; an int
# constant): the taken branch is inlined and no cond node is made. flag=False is a
# new guard value, so f translates twice: one op each (mul, or add); h is one graph
# with the constant's branch only (sub).
# explain: graphs=3 graph_breaks=0 ops=3 recompiles=1 frames_captured=3 subgraph_ops=0
# explain-frame: f graphs=2 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1 subgraph_ops=0,0
# explain-frame: h graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=1 cache_hits=0 graph_ops=1
@capture
def f(x, flag):
    return cond(flag, lambda a: a * 3, lambda a: a + 3, (x,))
@capture
def h(x):
    return cond(0, lambda a: a * 3, lambda a: a - 3, (x,))
x = tensor([1.0, 2.0])
print(f(x, True), f(x, False), f(x, True))
print(h(x))
