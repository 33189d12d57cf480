# Tuples and lists compared at trace time, as Python orders them (first differing
# items decide, else the lengths; a tuple never equals a list): shapes against tuples,
# nested lists, mixed numbers. It all folds, so f is one graph (x * 2) per entry;
# the second call has a new shape, the third a list whose item 1 changed. Python
# compares items by identity first: a tuple holding a NaN equals itself (folded), but
# its NaN against the NaN of another tuple breaks, as whether they are one object is
# not known there (here they are: u holds t's NaN, so t == u is True).
# explain: graphs=4 graph_breaks=1 ops=4 recompiles=2 frames_captured=5
# explain-frame: f graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=3 calls=3 cache_hits=0
# explain-frame: nan_items graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=1
# explain-frame: resume_in_nan_items_at_27 graphs=0 unsupported=0 breaks=0 calls=1
# explain-reason: nan_items@27: NaN
@capture
def f(x, t, l):
    a = x.shape == (2, 3)
    b = x.shape != (2, x.shape[1])
    c = (1, 2, 3) < (1, 2, 4)
    d = (1, 2) < (1, 2, 0)
    e = [1, [2, 3]] == [1, [2, 3]]
    g = (1, 2) == [1, 2]
    h = t >= (1, 2.0)
    k = l <= [3, "a"]
    m = (True, 1) == (1, 1.0)
    return x * 2, a, b, c, d, e, g, h, k, m
@capture
def nan_items(x, t, u):
    return x + 1, t == t, t == u
print(f(ones(2, 3), (1, 2), [3, "b"]))
print(f(ones(3, 3), (0, 5), [3, "a"]))
print(f(ones(2, 3), (1, 2), [2]))
t = (float("nan"), 1)
print(nan_items(ones(1), t, (t[0], 1)))
