# An unrolled loop indexing past the end: the constant that makes it do so recompiles,
# the translation finds the IndexError and the eager run raises it uncaught.
# explain: graphs=2 graph_breaks=1 ops=8 recompiles=2 frames_captured=2
# explain-frame: first_rows graphs=2 unsupported=1 cache_entries=3 recompiles=2 ops=8
# explain-reason: first_rows@10: out of bounds
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
