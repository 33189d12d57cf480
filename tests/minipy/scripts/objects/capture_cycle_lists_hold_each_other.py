# Lists that hold each other (a holds b holds a), and a ring of three (a -> b -> c ->
# a): each list on the cycle is made empty when first reached, kept in a temporary,
# and filled in order, so identities and item order come back as traced. mutual
# returns both (2 ops: x + 1, x * 2); ring returns a (1 op: x * 4).
# explain: graphs=2 graph_breaks=0 ops=3 recompiles=0 frames_captured=2
# explain-frame: mutual graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=2 calls=1
# explain-frame: ring graphs=1 unsupported=0 breaks=0 cache_entries=1 ops=1 calls=1
@capture
def mutual(x):
    a = [x + 1]
    b = [a, x * 2]
    a.append(b)
    return b, a

@capture
def ring(x):
    a = []
    b = []
    c = []
    a.append(b)
    b.append(c)
    c.append(a)
    c.append(x * 4)
    return a

b, a = mutual(tensor([1.0]))
print(a[1] is b, b[0] is a, a[0], b[1], len(a), len(b))
a = ring(tensor([1.0]))
print(a[0][0][0] is a, a[0][0][1], len(a), len(a[0]), len(a[0][0]))
