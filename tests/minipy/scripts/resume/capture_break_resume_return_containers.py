# The return value mixes values from both sides of the break: a (f's graph output), x
# (the caller's tensor, reloaded) and b (the resume function's only graph output) in a
# tuple, a list and a dict. a is one object in all three, x is the caller's object.
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 outputs=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_11 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=1 inputs=2 outputs=1 calls=2 cache_hits=1
# explain-reason: f@11: print
@capture
def f(x):
    a = x * 2
    print("between")
    b = a + x
    return (a, b, x, "tag"), [b, a], {"first": a, "second": b}
x = tensor([1, 2])
r = f(x)
print(r, r[0][0] is r[1][1], r[0][0] is r[2]["first"], r[0][2] is x)
x = tensor([3, 4])
r = f(x)
print(r, r[0][1] is r[1][0], r[1][0] is r[2]["second"], r[0][2] is x)
