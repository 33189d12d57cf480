# An unrolled loop indexing past the end: the constant that makes it do so recompiles;
# the translation finds the IndexError, a graph break: the graph of the first passes is
# compiled and the interpreter runs the indexing, which raises uncaught (the resume
# function is never called).
# explain: graphs=3 graph_breaks=1 ops=13 recompiles=2 frames_captured=3
# explain-frame: first_rows graphs=3 unsupported=0 breaks=1 cache_entries=3 recompiles=2 ops=13 graph_ops=3,5,5 calls=3 cache_hits=0
# explain-reason: first_rows@12: out of bounds
@capture
def first_rows(m, n):
    acc = m[0]
    for i in range(1, n):
        acc = acc + m[i]
    return acc
m = tensor([[1, 2], [3, 4], [5, 6]])
print(first_rows(m, 2))
print(first_rows(m, 3))
print(first_rows(m, 4))
print("not reached")
