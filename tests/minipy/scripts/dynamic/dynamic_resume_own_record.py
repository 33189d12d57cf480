# A resume function is a code of its own with its own record: the frame's tensor input
# keeps its size and its int argument is a constant (one entry per value), while the
# tensor made before the break changes size: only the resume function marks a
# dimension dynamic (its input L['y']), and serves every later size with one entry.
# explain: graphs=5 graph_breaks=3 ops=5 recompiles=3 frames_captured=5
# explain-frame: f graphs=3 breaks=3 cache_entries=3 recompiles=2 calls=4 cache_hits=1 graph_ops=1,1,1
# explain-unlisted: the resume function of f
@capture
def f(x, k):
    y = x.reshape(k, -1)
    print("rows", k)
    return y * 2
x = arange(12)
print(f(x, 6))
print(f(x, 3))
print(f(x, 2))
print(f(x, 3))
