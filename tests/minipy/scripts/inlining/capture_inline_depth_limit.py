# The inline depth limit (16 calls): d1 calls d2 ... d16 calls d17. From f, d16's call
# of d17 is one too deep: a graph break inside the inlined calls (x * 2.0 before it);
# the rest of d16 ... d1 (16 adds) and of f (+ a) is one graph. From g, d2 starts a
# chain of 16, which is inlined whole: 15 adds and d17's mul.
# explain: graphs=3 graph_breaks=1 ops=34 recompiles=0 frames_captured=3
# explain-frame: f graphs=1 unsupported=0 breaks=1 cache_entries=1 recompiles=0 ops=1 calls=2 cache_hits=1
# explain-frame: resume_in_f_at_47_via_d16_at_41 graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=17 calls=2 cache_hits=1
# explain-frame: g graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=16 calls=2 cache_hits=1
# explain-reason: f@41: call of function 'd17': inlining goes deeper than 16 calls
def d1(v):
    return d2(v) + 1.0
def d2(v):
    return d3(v) + 1.0
def d3(v):
    return d4(v) + 1.0
def d4(v):
    return d5(v) + 1.0
def d5(v):
    return d6(v) + 1.0
def d6(v):
    return d7(v) + 1.0
def d7(v):
    return d8(v) + 1.0
def d8(v):
    return d9(v) + 1.0
def d9(v):
    return d10(v) + 1.0
def d10(v):
    return d11(v) + 1.0
def d11(v):
    return d12(v) + 1.0
def d12(v):
    return d13(v) + 1.0
def d13(v):
    return d14(v) + 1.0
def d14(v):
    return d15(v) + 1.0
def d15(v):
    return d16(v) + 1.0
def d16(v):
    return d17(v) + 1.0
def d17(v):
    return v * 2.0
@capture
def f(x):
    a = x * 2.0
    return d1(a) + a
@capture
def g(x):
    return d2(x)
print(f(tensor([1.0, 2.0])), g(tensor([1.0, 2.0])))
print(f(tensor([0.5, 0.0])), g(tensor([3.0, -1.0])))
