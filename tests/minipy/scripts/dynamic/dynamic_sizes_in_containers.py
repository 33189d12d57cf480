# Sizes stored into a list and an attribute of an object from outside, and returned in
# a tuple: each is a graph output computed from the call's sizes.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=1,1
# explain-graph: f: mul: i64[s0] = mul(l_x_, s0)
class Box:
    pass
box = Box()
seen = []
@capture
def f(x):
    n = x.shape[0]
    seen.append(n)
    box.size = n * 2
    return x * n, n
print(f(tensor([1, 2])))
print(f(tensor([1, 2, 3])))
print(f(tensor([1, 2, 3, 4, 5])))
print(seen, box.size)
