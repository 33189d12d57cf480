# An iterator over a tensor's rows cannot be made again in generated code, so a break
# while one is live (f's print inside `for row in x`) makes the frame run eagerly with
# that reason (an eager entry, hit by the second call). g's loop is over (the iterator
# popped) before its print: 8 ops (x[0], * 0, three rows, three adds), then a resume.
# explain: graphs=1 graph_breaks=2 ops=8 recompiles=0 frames_captured=2
# explain-frame: f graphs=0 unsupported=1 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=8 calls=2 cache_hits=1
# explain-frame: resume_in_g_at_23 graphs=0 unsupported=0 breaks=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1
# explain-reason: f@16: rows of a tensor
# explain-reason: g@23: print
@capture
def f(x):
    acc = x[0] * 0
    for row in x:
        acc = acc + row
        print("row")
    return acc
@capture
def g(x):
    acc = x[0] * 0
    for row in x:
        acc = acc + row
    print("done")
    return acc
x = tensor([[1, 2], [3, 4], [5, 6]])
print(f(x), f(x * 2))
print(g(x), g(x * 2))
